/** The service's SQLite database: one file in the data folder, WAL mode, versioned migrations. */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

/** Each entry moves the schema one version up; never edit a released one, add another. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE accounts (
     id INTEGER PRIMARY KEY,
     sid TEXT UNIQUE NOT NULL,
     spw_hash TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE TABLE api_keys (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     key_hash BLOB UNIQUE NOT NULL,
     issuable INTEGER NOT NULL,
     expires_at INTEGER,
     ipa TEXT NOT NULL DEFAULT '',
     created_at INTEGER NOT NULL
   );
   CREATE TABLE profile_words (
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     engine TEXT NOT NULL,
     adf TEXT NOT NULL,
     profile_id TEXT NOT NULL,
     words_json TEXT NOT NULL,
     updated_at INTEGER NOT NULL,
     PRIMARY KEY (account_id, engine, adf, profile_id)
   );
   CREATE TABLE jobs (
     session_id TEXT PRIMARY KEY,
     account_id INTEGER NOT NULL REFERENCES accounts(id),
     api_version INTEGER NOT NULL,
     status TEXT NOT NULL,
     d TEXT NOT NULL,
     c TEXT,
     audio_path TEXT,
     audio_size INTEGER NOT NULL,
     audio_md5 TEXT NOT NULL,
     content_id TEXT,
     logging_opt_out INTEGER NOT NULL,
     result_json TEXT,
     error_message TEXT,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     finished_at INTEGER
   );
   CREATE INDEX jobs_status ON jobs(status);
   CREATE TABLE request_log (
     id INTEGER PRIMARY KEY,
     account_id INTEGER NOT NULL,
     kind TEXT NOT NULL,
     session_id TEXT NOT NULL,
     audio_path TEXT,
     result_json TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );`,
];

export function openDatabase(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, 'service.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}
