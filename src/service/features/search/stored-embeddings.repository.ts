import type { AppDatabase } from '../../db/database.js';
import { IDS_PER_STATEMENT, inSlices, ROWS_PER_INSERT } from '../../db/statement-slices.js';
import { eventLoopTurns } from '../../event-loop-turns.js';
import type { SearchTables } from '../../db/tables/search.tables.js';
import { type StoredVector, type VectorStorage, vectorBytes, vectorFromBytes } from '../../vector/vector-storage.js';
import type { EmbeddingIdentity, Payload } from '../../vector/vector-types.js';

// The SQL of stored vectors, their change sequence and the claim of the process embedding for a collection.

const k = (db: AppDatabase) => db.kysely.withTables<SearchTables>();

/** The channel PostgreSQL notifies on when a collection's sequence is bumped (migrations/postgres/023). */
export const EMBEDDING_CHANGES_CHANNEL = 'embedding_changes';

interface Row {
  item_id: string;
  version: string;
  text_hash: string;
  vector: Uint8Array;
  payload: string | null;
}

const COLUMNS = ['item_id', 'version', 'text_hash', 'vector', 'payload'] as const;

function toStored(row: Row): StoredVector {
  return {
    id: row.item_id,
    version: row.version,
    textHash: row.text_hash,
    vector: vectorFromBytes(row.vector),
    ...(row.payload === null ? {} : { payload: JSON.parse(row.payload) as Payload }),
  };
}

const isoAt = (ms: number) => new Date(ms).toISOString();

async function bump(db: AppDatabase, collection: string): Promise<void> {
  await k(db)
    .insertInto('embedding_changes')
    .values({ collection, seq: 1 })
    .onConflict((oc) => oc.column('collection').doUpdateSet((eb) => ({ seq: eb(eb.ref('embedding_changes.seq'), '+', 1) })))
    .execute();
}

/**
 * Bumps the change sequence of collections whose source rows were replaced wholesale (a team snapshot applied by
 * another process, the CLI): every process following the sequence then syncs them, as after a start.
 */
export async function announceSourceChanges(db: AppDatabase, collections: readonly string[]): Promise<void> {
  for (const collection of collections) await bump(db, collection);
}

export function storedEmbeddings(db: AppDatabase): VectorStorage {
  const ofModel = (collection: string, identity: EmbeddingIdentity) =>
    k(db)
      .selectFrom('stored_embeddings')
      .select(COLUMNS)
      .where('collection', '=', collection)
      .where('provider', '=', identity.provider)
      .where('model', '=', identity.model);
  return {
    async page(collection, identity, after, limit) {
      let query = ofModel(collection, identity).orderBy('item_id').limit(limit);
      if (after !== undefined) query = query.where('item_id', '>', after);
      return (await query.execute()).map(toStored);
    },
    async count(collection, identity) {
      const row = await k(db)
        .selectFrom('stored_embeddings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('collection', '=', collection)
        .where('provider', '=', identity.provider)
        .where('model', '=', identity.model)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async find(collection, identity, ids) {
      const found = new Map<string, StoredVector>();
      for (const slice of inSlices(ids, IDS_PER_STATEMENT)) {
        for (const row of await ofModel(collection, identity).where('item_id', 'in', slice).execute()) found.set(row.item_id, toStored(row));
      }
      return found;
    },
    save(collection, identity, items) {
      if (items.length === 0) return Promise.resolve();
      return db.transaction(async (tx) => {
        const turn = eventLoopTurns();
        for (const slice of inSlices(items, ROWS_PER_INSERT)) {
          await turn();
          await k(tx)
            .insertInto('stored_embeddings')
            .values(
              slice.map((item) => ({
                collection,
                item_id: item.id,
                provider: identity.provider,
                model: identity.model,
                version: item.version,
                text_hash: item.textHash,
                vector: vectorBytes(item.vector),
                payload: item.payload ? JSON.stringify(item.payload) : null,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['collection', 'provider', 'model', 'item_id']).doUpdateSet((eb) => ({
                version: eb.ref('excluded.version'),
                text_hash: eb.ref('excluded.text_hash'),
                vector: eb.ref('excluded.vector'),
                payload: eb.ref('excluded.payload'),
              })),
            )
            .execute();
        }
        await bump(tx, collection);
      });
    },
    remove(collection, identity, ids) {
      if (ids.length === 0) return Promise.resolve();
      return db.transaction(async (tx) => {
        let removed = 0;
        for (const slice of inSlices(ids, IDS_PER_STATEMENT)) {
          const result = await k(tx)
            .deleteFrom('stored_embeddings')
            .where('collection', '=', collection)
            .where('provider', '=', identity.provider)
            .where('model', '=', identity.model)
            .where('item_id', 'in', slice)
            .executeTakeFirst();
          removed += Number(result.numDeletedRows);
        }
        if (removed > 0) await bump(tx, collection);
      });
    },
    async claim(collection, holder, until, now) {
      const taken = await k(db)
        .insertInto('embedding_changes')
        .values({ collection, claimed_by: holder, claimed_until: isoAt(until) })
        .onConflict((oc) =>
          oc
            .column('collection')
            .doUpdateSet({ claimed_by: holder, claimed_until: isoAt(until) })
            .where((eb) =>
              eb.or([
                eb('embedding_changes.claimed_by', 'is', null),
                eb('embedding_changes.claimed_by', '=', holder),
                eb('embedding_changes.claimed_until', '<', isoAt(now)),
              ]),
            ),
        )
        .returning('claimed_by')
        .executeTakeFirst();
      return taken?.claimed_by === holder;
    },
    async release(collection, holder) {
      await k(db)
        .updateTable('embedding_changes')
        .set({ claimed_by: null, claimed_until: null })
        .where('collection', '=', collection)
        .where('claimed_by', '=', holder)
        .execute();
    },
    async changes() {
      const rows = await k(db).selectFrom('embedding_changes').select(['collection', 'seq']).execute();
      return new Map(rows.map((r) => [r.collection, Number(r.seq)]));
    },
  };
}
