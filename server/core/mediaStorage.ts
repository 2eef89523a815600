// Where uploaded originals and everything made from them live: the local disk under DATA_DIR, or an
// S3-compatible bucket (server/storage/). Operations see only this interface; the composition root picks one.
// Keys are `/`-separated: `uploads/<assetId>.<ext>` for originals, `media/<assetId>/…` for what is served.

/** Enough about a stored file for HTTP: its length (ranges) and age (validators). */
export interface StoredFile {
  size: number;
  modifiedMs: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
  /** Bytes `start`..`end` (inclusive) of a file that `stat` found. */
  read(key: string, range: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
  /** A small file whole (playlists), or null when there is none. */
  readText(key: string): Promise<string | null>;
  /** Stores a local file as `key`, replacing any; the local file is gone afterwards. */
  moveIn(key: string, file: string): Promise<void>;
  /** Runs `use` with a local path holding `key`'s bytes (with S3 a temporary copy, removed afterwards). */
  withLocalCopy<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** A fresh, empty local folder in which to build what `publishFolder` will make `prefix/`. */
  prepareFolder(prefix: string): Promise<string>;
  /**
   * Makes a folder built by `prepareFolder` the content of `prefix/` and removes the folder. Readers never
   * see a half-written file, and files of a lower `rank` are all in place before any of a higher rank
   * appears (a playlist after what it lists). Whatever `prefix/` held before and the folder lacks is gone.
   */
  publishFolder(dir: string, prefix: string, rank?: (relPath: string) => number): Promise<void>;
  /** Removes a file, or a whole `prefix/`; nothing there is not an error. */
  remove(keyOrPrefix: string): Promise<void>;
}
