import { eq, inArray, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { monitoringSchedule, monitoringTick } from "../../db/schema/monitoring";

export type ScheduleRow = typeof monitoringSchedule.$inferSelect;

/** Takes the tick named `name` when it is due at `at` (or never ran): true for the one caller that got it. */
export async function claimTick(db: DbOrTx, name: string, at: Date, nextTickAt: Date): Promise<boolean> {
  const rows = await db
    .insert(monitoringTick)
    .values({ name, nextTickAt })
    .onConflictDoUpdate({ target: monitoringTick.name, set: { nextTickAt }, setWhere: lte(monitoringTick.nextTickAt, at) })
    .returning({ name: monitoringTick.name });
  return rows.length > 0;
}

export async function setTick(db: DbOrTx, name: string, nextTickAt: Date) {
  await db.update(monitoringTick).set({ nextTickAt }).where(eq(monitoringTick.name, name));
}

export async function listSchedules(db: DbOrTx): Promise<ScheduleRow[]> {
  return db.select().from(monitoringSchedule);
}

export async function findSchedule(db: DbOrTx, userId: string): Promise<ScheduleRow | undefined> {
  const rows = await db.select().from(monitoringSchedule).where(eq(monitoringSchedule.userId, userId)).limit(1);
  return rows[0];
}

export async function upsertSchedule(db: DbOrTx, values: typeof monitoringSchedule.$inferInsert) {
  await db
    .insert(monitoringSchedule)
    .values(values)
    .onConflictDoUpdate({ target: monitoringSchedule.userId, set: { everyHours: values.everyHours, nextRunAt: values.nextRunAt } });
}

export async function updateSchedule(db: DbOrTx, userId: string, values: Partial<Omit<ScheduleRow, "userId">>) {
  await db.update(monitoringSchedule).set(values).where(eq(monitoringSchedule.userId, userId));
}

export async function deleteSchedules(db: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return;
  await db.delete(monitoringSchedule).where(inArray(monitoringSchedule.userId, userIds));
}
