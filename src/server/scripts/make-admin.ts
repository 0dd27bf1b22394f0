// npm run make-admin -- <email>: gives an existing account the admin flag.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { setAdmin } from '../features/users/users.repository';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}

let database;
try {
  database = await openDatabase(loadConfig());
} catch (error) {
  // On PGlite the running server holds the data directory: stop it first.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  const user = await setAdmin(database.db, email, true);
  if (!user) {
    console.error(`No account uses ${email}. Register it first, then run this again.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an admin. They see the Admin link after their next login.`);
  }
} finally {
  await database.close();
}
