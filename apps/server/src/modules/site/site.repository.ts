import { sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/client";
import { rawRows } from "../../db/raw-rows";

export interface MeasuredFigures {
  creatorsProtected: number;
  leaksFound: number;
  noticesSent: number;
  linksRemoved: number;
}

const figuresRow = z.object({ creators_protected: z.number(), leaks_found: z.number(), notices_sent: z.number(), links_removed: z.number() });

/** The service's own records, counted: what the landing page may say about it. */
export async function measuredFigures(db: DbOrTx): Promise<MeasuredFigures> {
  const [row] = await rawRows(db, figuresRow, sql`
    select
      (select count(distinct s.user_id)::int from stage_name s join "user" u on u.id = s.user_id where u.email_verified) as creators_protected,
      (select count(*)::int from leak) as leaks_found,
      (select count(*)::int from takedown_notice where status = 'sent') as notices_sent,
      (select count(distinct leak_id)::int from takedown where status = 'removed') as links_removed`);
  return {
    creatorsProtected: row?.creators_protected ?? 0,
    leaksFound: row?.leaks_found ?? 0,
    noticesSent: row?.notices_sent ?? 0,
    linksRemoved: row?.links_removed ?? 0,
  };
}
