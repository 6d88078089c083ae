import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { alertRule } from "../../db/schema/alerts";

export type AlertRuleRow = typeof alertRule.$inferSelect;

export async function findRule(db: DbOrTx, userId: string): Promise<AlertRuleRow | undefined> {
  const rows = await db.select().from(alertRule).where(eq(alertRule.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertRule(db: DbOrTx, userId: string, values: Partial<Omit<AlertRuleRow, "userId">>): Promise<AlertRuleRow> {
  const rows = await db
    .insert(alertRule)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertRule.userId, set: values })
    .returning();
  return rows[0]!;
}
