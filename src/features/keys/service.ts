/** Creating keys for a user identified by e-mail (the operator's CLI path). */
import type { DatabasePool } from 'slonik';
import { ApiKeyRepository, type ApiKeyRow } from '../../db/api-keys.ts';
import { PlanRepository } from '../../db/plans.ts';
import { UserRepository } from '../../db/users.ts';
import { generateApiKeySecret } from './secret.ts';

export class UnknownPlanError extends Error {}

export async function createKeyForEmail(pool: DatabasePool, input: { email: string; plan?: string; name?: string }): Promise<ApiKeyRow & { key: string; email: string; plan_code: string }> {
  return pool.transaction(async (tx) => {
    const users = new UserRepository(tx);
    const user = await users.ensureByEmail(input.email);
    let planCode: string;
    if (input.plan) {
      if (!(await new PlanRepository(tx).find(input.plan))) throw new UnknownPlanError(`unknown plan '${input.plan}'`);
      await users.setPlan(user.id, input.plan);
      planCode = input.plan;
    } else {
      await users.ensureSubscription(user.id);
      planCode = (await users.planOf(user.id))!;
    }
    const { secret, prefix, hash } = generateApiKeySecret();
    const row = await new ApiKeyRepository(tx).create({ userId: user.id, name: input.name ?? 'default', prefix, keyHash: hash });
    return { ...row, key: secret, email: user.email, plan_code: planCode };
  });
}
