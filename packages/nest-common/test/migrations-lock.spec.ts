import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/typeorm-options.js';
import { ensureSchema } from '../src/database/ensure-schema.js';
import { runMigrationsLocked } from '../src/database/run-migrations-locked.js';

class CreateRaceTable1700000000001 implements MigrationInterface {
  name = 'CreateRaceTable1700000000001';
  async up(q: QueryRunner) {
    await q.query('SELECT pg_sleep(0.2)');
    await q.query('CREATE TABLE "nestcommon_race"."once_only" (id int)'); // fails if run twice
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE "nestcommon_race"."once_only"');
  }
}

describe('runMigrationsLocked', () => {
  it('applies each migration once when several replicas start together', async () => {
    const url = process.env.DATABASE_URL!;
    const sources = [1, 2, 3].map(
      () => new DataSource({ ...buildDataSourceOptions({ name: 'nestcommon_race', url, entities: [], migrations: [CreateRaceTable1700000000001] }), migrationsRun: false } as never),
    );
    await Promise.all([1, 2, 3].map(() => ensureSchema(url, 'nestcommon_race')));
    await Promise.all(sources.map((ds) => ds.initialize()));
    try {
      await Promise.all(sources.map((ds) => runMigrationsLocked(ds, 'nestcommon_race')));
      const rows = await sources[0].query('SELECT name FROM "nestcommon_race"."nestcommon_race_migrations"');
      expect(rows).toEqual([{ name: 'CreateRaceTable1700000000001' }]);
    } finally {
      await sources[0].query('DROP SCHEMA "nestcommon_race" CASCADE');
      await Promise.all(sources.map((ds) => ds.destroy()));
    }
  });
});
