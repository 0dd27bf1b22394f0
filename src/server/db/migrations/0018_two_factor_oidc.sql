-- Two-factor sign-in and sign-in through an OpenID provider (docs/api.md §13).

-- An account made by the provider has no password until its owner sets one (forgot password).
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;
--> statement-breakpoint

-- One TOTP secret per account: set up (enabled_at null) until a first code proves the app has it.
-- last_step is the time step of the last code accepted: that step and earlier ones are refused, so
-- each code works once. The secret is stored as is: checking a code needs it (docs/security.md).
CREATE TABLE "two_factor" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"secret" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint

-- Ten single-use recovery codes per account with 2FA, stored as SHA-256 hashes (80 random bits each).
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	PRIMARY KEY ("user_id", "code_hash")
);
--> statement-breakpoint

-- A right password of an account with 2FA, waiting for its code: the hash of the pending cookie's
-- token, for 5 minutes, deleted by the sign-in it completes.
CREATE TABLE "pending_logins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_logins_user_idx" ON "pending_logins" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "pending_logins_expires_idx" ON "pending_logins" USING btree ("expires_at");
--> statement-breakpoint

-- Accounts at the OpenID provider: found by (issuer, sub), never by email.
CREATE TABLE "oidc_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("issuer", "subject")
);
--> statement-breakpoint
CREATE INDEX "oidc_identities_user_idx" ON "oidc_identities" USING btree ("user_id");
--> statement-breakpoint

-- A sign-in sent to the provider and not yet back: PKCE verifier, state and nonce, keyed by the
-- hash of the flow cookie's token, for 10 minutes, deleted by the callback that uses it (so a
-- replayed callback finds nothing). link_user_id: the account to link, when the profile started it.
CREATE TABLE "oidc_flows" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"link_user_id" uuid REFERENCES "users"("id") ON DELETE cascade,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_idx" ON "oidc_flows" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "oidc_flows_link_user_idx" ON "oidc_flows" USING btree ("link_user_id");
