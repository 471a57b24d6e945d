/** A PostgreSQL server of the caller's own (scripts/embedded-postgres.mjs). */
export interface RunningPostgres {
  /** `postgres://consignkit:PASSWORD@127.0.0.1:PORT/postgres`: it holds a password, as a real one does. */
  connectionString: string;
  port: number;
  password: string;
  /** Stops the server (its data stay until `remove`). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, after `stop`. */
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  remove(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Durable commits; default false (the tests), the benchmarks keep them on. */
  fsync?: boolean;
  /** A platform package's `native` folder to run instead of the installed one (the starter's tests). */
  binaries?: string;
  /** Where binaries the `postgres` user cannot reach are copied; default os.tmpdir(). */
  cacheRoot?: string;
}

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number>;

/** Starts PostgreSQL on 127.0.0.1 and a free port; rejects at once, in one line, when it cannot. */
export function startPostgres(options?: StartPostgresOptions): Promise<RunningPostgres>;
