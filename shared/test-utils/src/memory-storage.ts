/**
 * An in-memory key/value store with the shape of the shell's SafeStorage
 * (get/set/remove/clear), for tests that run where there is no localStorage (Node).
 * `entries()` shows what is stored, so a test can assert on exact keys.
 */
export class MemoryStorage {
  private readonly data = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.data.set(key, value);
  }

  get(key: string): string | null {
    return this.data.has(key) ? (this.data.get(key) as string) : null;
  }

  set(key: string, value: string): boolean {
    this.data.set(key, String(value));
    return true;
  }

  remove(key: string): void {
    this.data.delete(key);
  }

  clear(): void {
    this.data.clear();
  }

  entries(): Record<string, string> {
    return Object.fromEntries(this.data);
  }
}

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  return new MemoryStorage(initial);
}
