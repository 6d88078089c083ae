import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

export interface MeasuredFigures {
  creatorsProtected: number;
  leaksFound: number;
  noticesSent: number;
  linksRemoved: number;
}

/** The service's own records, counted: what the landing page may say about it. */
export async function measuredFigures(db: DbOrTx): Promise<MeasuredFigures> {
  const result = await db.execute(sql`
    select
      (select count(distinct s.user_id)::int from stage_name s join "user" u on u.id = s.user_id where u.email_verified) as creators_protected,
      (select count(*)::int from leak) as leaks_found,
      (select count(*)::int from takedown_notice where status = 'sent') as notices_sent,
      (select count(distinct leak_id)::int from takedown where status = 'removed') as links_removed`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    creatorsProtected: Number(row.creators_protected ?? 0),
    leaksFound: Number(row.leaks_found ?? 0),
    noticesSent: Number(row.notices_sent ?? 0),
    linksRemoved: Number(row.links_removed ?? 0),
  };
}
