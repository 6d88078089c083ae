import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { user } from "../../db/schema/auth";

export async function findUserById(db: DbOrTx, id: string) {
  const rows = await db.select().from(user).where(eq(user.id, id)).limit(1);
  return rows[0];
}
