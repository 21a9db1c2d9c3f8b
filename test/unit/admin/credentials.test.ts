/** The login check verifies the password hash whatever the name, and compares names exactly. */
import { describe, expect, it } from 'vitest';
import { AdminCredentials } from '../../../src/features/admin/credentials.ts';
import { hashAdminPassword, verifyAdminPassword } from '../../../src/features/admin/password.ts';

describe('AdminCredentials', () => {
  it('verifies the hash for a known name, an unknown name and an over-long password alike', async () => {
    const phc = await hashAdminPassword('the right passphrase');
    const calls: string[] = [];
    const credentials = new AdminCredentials({ username: 'operator', passwordHash: phc }, async (hash, password) => {
      calls.push(password);
      return verifyAdminPassword(hash, password);
    });
    expect(await credentials.check('operator', 'the right passphrase')).toBe(true);
    expect(await credentials.check('operator', 'a wrong passphrase')).toBe(false);
    expect(await credentials.check('stranger', 'the right passphrase')).toBe(false);
    expect(await credentials.check('Operator', 'the right passphrase')).toBe(false);
    expect(await credentials.check('operator', 'x'.repeat(5000))).toBe(false);
    expect(calls).toHaveLength(5);
  });

  it('is off without a hash', async () => {
    const credentials = new AdminCredentials({ username: 'operator' });
    expect(credentials.enabled).toBe(false);
    expect(await credentials.check('operator', 'anything')).toBe(false);
  });
});
