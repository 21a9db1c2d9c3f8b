/** The PDF footer logo of each user, stored whole in one row (replaced by one upsert). */
import { type CommonQueryMethods } from 'slonik';
import { sql } from '../../db/sql.ts';
import { z } from 'zod/v4';

export const brandingMetaRow = z.object({
  content_type: z.string(),
  size_bytes: z.number(),
  sha256: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  updated_at: z.string(),
});
export type BrandingMetaRow = z.infer<typeof brandingMetaRow>;

export interface BrandingImage {
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  bytes: Buffer;
  sha256: string;
  width: number | null;
  height: number | null;
}

const metaColumns = sql.fragment`content_type, size_bytes, sha256, width, height, updated_at`;

export class ReportBrandingRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async meta(userId: string): Promise<BrandingMetaRow | null> {
    return this.db.maybeOne(sql.type(brandingMetaRow)`select ${metaColumns} from report_branding where user_id = ${userId}`);
  }

  async image(userId: string): Promise<{ content_type: string; image: Buffer; sha256: string } | null> {
    return this.db.maybeOne(sql.type(z.object({ content_type: z.string(), image: z.instanceof(Buffer), sha256: z.string() }))`
      select content_type, image, sha256 from report_branding where user_id = ${userId}`);
  }

  async save(userId: string, image: BrandingImage): Promise<BrandingMetaRow> {
    return this.db.one(sql.type(brandingMetaRow)`
      insert into report_branding (user_id, content_type, image, size_bytes, sha256, width, height)
      values (${userId}, ${image.contentType}, ${sql.binary(image.bytes)}, ${image.bytes.length}, ${image.sha256}, ${image.width}, ${image.height})
      on conflict (user_id) do update set content_type = excluded.content_type, image = excluded.image, size_bytes = excluded.size_bytes,
        sha256 = excluded.sha256, width = excluded.width, height = excluded.height, updated_at = now()
      returning ${metaColumns}`);
  }

  async remove(userId: string): Promise<boolean> {
    const result = await this.db.query(sql.unsafe`delete from report_branding where user_id = ${userId}`);
    return result.rowCount > 0;
  }
}
