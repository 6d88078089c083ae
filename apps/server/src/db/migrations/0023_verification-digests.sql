-- Single-use tokens are kept as digests only (auth/auth.ts, verification.storeIdentifier): the rows
-- written before, in plain text, are turned into the digest the server now looks up, so that links
-- already mailed keep working and the database no longer holds them.
UPDATE "verification"
SET "identifier" = 'reset-password:' || encode(sha256(convert_to(substr("identifier", 16), 'UTF8')), 'hex')
WHERE "identifier" LIKE 'reset-password:%' AND substr("identifier", 16) !~ '^[0-9a-f]{64}$';
--> statement-breakpoint
UPDATE "verification"
SET "identifier" = translate(rtrim(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '='), '+/', '-_')
WHERE "identifier" NOT LIKE 'reset-password:%' AND "identifier" !~ '^[A-Za-z0-9_-]{43}$';
