/**
 * The owner's push devices (push-records.ts), and how each channel's latest delivery ended, which
 * his Notifications section shows, on the lead store's connection.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Connection } from './database-file.ts';
import type { PushDeviceRecords, SavedPushDevice, StoredPushDevice } from './push-records.ts';
import { ACKNOWLEDGEMENT, clip, type ChannelName, type LeadStore } from './records.ts';
import { inTransaction } from './sqlite.ts';

const DEVICE_COLUMNS = `id, endpoint, p256dh, auth, device, created_at AS createdAt,
  last_delivered_at AS lastDeliveredAt, last_error AS lastError`;
const ERROR_MAX_LENGTH = 300;

function preparePushStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    list: prepare(`SELECT ${DEVICE_COLUMNS} FROM push_devices ORDER BY created_at DESC, id DESC`),
    get: prepare(`SELECT ${DEVICE_COLUMNS} FROM push_devices WHERE id = ?`),
    byEndpoint: prepare(`SELECT ${DEVICE_COLUMNS} FROM push_devices WHERE endpoint = ?`),
    count: prepare('SELECT COUNT(*) AS count FROM push_devices'),
    insert: prepare(`INSERT INTO push_devices (endpoint, p256dh, auth, device, created_at)
      VALUES (:endpoint, :p256dh, :auth, :device, :now)`),
    // A new endpoint or new keys have had no push yet
    update: prepare(`UPDATE push_devices SET endpoint = :endpoint, p256dh = :p256dh, auth = :auth,
      device = :device, last_error = CASE WHEN endpoint = :endpoint AND p256dh = :p256dh AND auth = :auth
        THEN last_error END
      WHERE id = :id`),
    delete: prepare('DELETE FROM push_devices WHERE id = ?'),
    mark: prepare(`UPDATE push_devices SET last_error = :error,
      last_delivered_at = CASE WHEN :error IS NULL THEN :now ELSE last_delivered_at END WHERE id = :id`),
    // SQLite reads the bare columns from the row with the latest update
    latest: prepare(`SELECT channel, MAX(updated_at) AS at,
        status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL) AS failed
      FROM deliveries WHERE attempts > 0 AND channel <> '${ACKNOWLEDGEMENT}' GROUP BY channel`),
  };
}

type PushStatements = ReturnType<typeof preparePushStatements>;
const preparedFor = new WeakMap<DatabaseSync, PushStatements>();

function pushStatementsFor(db: DatabaseSync): PushStatements {
  let statements = preparedFor.get(db);
  if (!statements) preparedFor.set(db, (statements = preparePushStatements(db)));
  return statements;
}

/** The push devices' records and the channels' latest outcomes, on the store's connection */
export function pushDeviceRecords(
  connection: () => Connection,
): PushDeviceRecords & Pick<LeadStore, 'latestDeliveryFailed'> {
  function open() {
    const { db } = connection();
    return { db, push: pushStatementsFor(db) };
  }
  const read = (row: unknown) => row as StoredPushDevice | undefined;

  return {
    listPushDevices() {
      return open().push.list.all() as unknown as StoredPushDevice[];
    },
    getPushDevice(id) {
      return read(open().push.get.get(id));
    },
    savePushDevice(subscription, { replaces, mayAdd, max, now }) {
      const { db, push } = open();
      return inTransaction(db, (): SavedPushDevice | undefined => {
        const known = read(push.byEndpoint.get(subscription.endpoint));
        const taken = known ?? (replaces ? read(push.byEndpoint.get(replaces)) : undefined);
        if (taken) {
          push.update.run({ id: taken.id, ...subscription });
          return {
            outcome: known ? 'refreshed' : 'replaced',
            device: read(push.get.get(taken.id))!,
          };
        }
        if (!mayAdd) return undefined;
        if (Number((push.count.get() as { count: number }).count) >= max)
          return { outcome: 'full' };
        const added = push.insert.run({ ...subscription, now: now.toISOString() });
        return { outcome: 'added', device: read(push.get.get(Number(added.lastInsertRowid)))! };
      });
    },
    deletePushDevice(id) {
      return Number(open().push.delete.run(id).changes) === 1;
    },
    markPushDevice(id, { now, error }) {
      open().push.mark.run({
        id,
        now: now.toISOString(),
        error: clip(error, ERROR_MAX_LENGTH),
      });
    },
    latestDeliveryFailed() {
      return (open().push.latest.all() as Array<{ channel: ChannelName; failed: number }>).map(
        ({ channel, failed }) => ({ channel, failed: Number(failed) === 1 }),
      );
    },
  };
}
