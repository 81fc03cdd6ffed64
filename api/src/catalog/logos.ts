/**
 * The league logos shipped with the API (api/assets/logos/<logo>.svg). Each is served under a
 * content-versioned name, `<logo>.<hash>.svg`, so it can be cached forever (immutable): a changed
 * file gets a new name, and the League's logoFilename follows it.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const LOGO_FOLDER = path.resolve(import.meta.dirname, '..', '..', 'assets', 'logos');

export interface Logo {
  /** Base name, what an operator picks: `crease-premier-league`. */
  logo: string;
  /** The served, content-versioned file name. */
  logoFilename: string;
  body: Buffer;
}

export class LogoLibrary {
  private readonly byLogo = new Map<string, Logo>();
  private readonly byFilename = new Map<string, Logo>();

  constructor(folder = LOGO_FOLDER) {
    for (const file of fs.readdirSync(folder).sort()) {
      if (!file.endsWith('.svg')) continue;
      const body = fs.readFileSync(path.join(folder, file));
      const logo = file.slice(0, -'.svg'.length);
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 10);
      const entry = { logo, logoFilename: `${logo}.${hash}.svg`, body };
      this.byLogo.set(logo, entry);
      this.byFilename.set(entry.logoFilename, entry);
    }
  }

  has(logo: string): boolean {
    return this.byLogo.has(logo);
  }

  /** The served name of a base name; an unknown one (a file since removed) maps to itself. */
  filenameOf(logo: string): string {
    return this.byLogo.get(logo)?.logoFilename ?? `${logo}.svg`;
  }

  byServedName(logoFilename: string): Logo | undefined {
    return this.byFilename.get(logoFilename);
  }

  list(): Logo[] {
    return [...this.byLogo.values()];
  }
}
