// npm run add-user -- <email> [--username <name>]: creates an account (the way in when
// REGISTRATION=closed) and prints, once, a link where its owner chooses a password.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { addUser, SET_PASSWORD_LINK_HOURS } from '../features/users/add-user';

const args = process.argv.slice(2);
const nameAt = args.indexOf('--username');
const username = nameAt >= 0 ? args[nameAt + 1] : undefined;
const email = args.find((arg, i) => !arg.startsWith('--') && (nameAt < 0 || i !== nameAt + 1));
if (!email || (nameAt >= 0 && !username)) {
  console.error('Usage: npm run add-user -- <email> [--username <name>]');
  process.exit(2);
}

let database;
let config;
try {
  // The server's own settings: a configuration it would refuse (oidc-only without a provider)
  // is refused here too, in one line, as the server says it.
  config = loadConfig();
  database = await openDatabase(config);
} catch (error) {
  // On PGlite the running server holds the data directory: stop it first.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  const result = await addUser(database.db, config, { email, username });
  if (!result.ok) {
    console.error(result.message);
    process.exitCode = 1;
  } else {
    console.log(`Created the account ${result.email}.`);
    console.log(
      `Send its owner this link to choose a password (single use, valid ${SET_PASSWORD_LINK_HOURS} hours):`,
    );
    console.log(`  ${result.link}`);
    console.log(
      'It is shown only this once. Once it expires, "Forgot Password" on the login page emails a new one.',
    );
  }
} finally {
  await database.close();
}
