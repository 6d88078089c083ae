import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accountSecurity from "./account-security";
import * as account from "./account";
import * as accountData from "./account-data";
import * as alerts from "./alerts";
import * as auth from "./auth";
import * as billing from "./billing";
import * as contact from "./contact";
import * as identities from "./identities";
import * as input from "./input";
import * as scans from "./scans";
import * as takedowns from "./takedowns";
import { textLeaves, valueAt } from "./text-bounds";

// Every schema a client's input is read with, on the server (/v1 routes) or in the browser before
// it calls the auth server: no text field in them takes 60 KB.
const requestSchemas: Record<string, z.core.$ZodType> = {
  forgotPassword: accountSecurity.forgotPasswordSchema,
  resetPassword: accountSecurity.resetPasswordSchema,
  changePassword: accountSecurity.changePasswordSchema,
  changeEmail: accountSecurity.changeEmailSchema,
  confirmPassword: accountSecurity.confirmPasswordSchema,
  totpCode: accountSecurity.totpCodeSchema,
  backupCode: accountSecurity.backupCodeSchema,
  confirmAge: account.confirmAgeSchema,
  deleteAccount: accountData.deleteAccountSchema,
  deleteAccountForm: accountData.deleteAccountFormSchema,
  alertRules: alerts.alertRulesInputSchema,
  credentials: auth.credentialsSchema,
  checkout: billing.checkoutRequestSchema,
  contactRequest: contact.contactRequestSchema,
  stageName: identities.stageNameInputSchema,
  nickname: identities.nicknameInputSchema,
  domain: identities.domainInputSchema,
  specific: identities.specificInputSchema,
  profileUpdate: identities.profileUpdateSchema,
  updateUser: input.updateUserSchema,
  startScan: scans.startScanSchema,
  leakListQuery: scans.leakListQuerySchema,
  referenceImage: scans.referenceImageInputSchema,
  leakTimelineQuery: scans.leakTimelineQuerySchema,
  authorization: takedowns.authorizationInputSchema,
  createTakedowns: takedowns.createTakedownsSchema,
  takedownListQuery: takedowns.takedownListQuerySchema,
  leakTakedownsQuery: takedowns.leakTakedownsQuerySchema,
  markDelisting: takedowns.markDelistingSchema,
};

const OVERSIZED = "x".repeat(60_000);
/** The most any free-text field takes (the largest is a reference image's thumbnail, 8 KB). */
const SENSIBLE_MAX = 10_000;

describe("text bounds of every request schema", () => {
  it("finds the text fields it walks", () => {
    expect(textLeaves(identities.profileUpdateSchema).map((l) => `${l.key ? "key " : ""}${l.path.join(".")}`)).toEqual([
      "key platforms",
      "platforms.key",
      "stageNames.0.platform",
      "stageNames.0.username",
      "specific",
      "nicknames.0",
      "allowlist.0",
    ]);
  });

  for (const [name, schema] of Object.entries(requestSchemas)) {
    it(`${name}: every text field is bounded, and 60 KB in any of them is refused at that field`, () => {
      const leaves = textLeaves(schema);
      for (const leaf of leaves) {
        const where = `${leaf.key ? "key of " : ""}${leaf.path.join(".")}`;
        if (leaf.max !== null) expect(leaf.max, where).toBeLessThanOrEqual(SENSIBLE_MAX);
        const probe = leaf.key ? valueAt(leaf.path, { [OVERSIZED]: "x" }) : valueAt(leaf.path, OVERSIZED);
        const result = z.safeParse(schema, probe);
        expect(result.success, where).toBe(false);
        const paths = result.error!.issues.map((i) => i.path.join("."));
        const at = leaf.path.join(".");
        // The refusal names the field (for a record's key: the record), not only the fields left out.
        expect(
          paths.some((p) => (leaf.key ? p === at || p.startsWith(`${at}.`) : p === at || p.startsWith(`${at}.`))),
          `${where}: issues at ${paths.join(", ")}`,
        ).toBe(true);
      }
    });
  }
});
