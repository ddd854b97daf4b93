import { rmSync } from 'node:fs';
import { e2eDataDir } from './portal-env';

/** Every run starts from an empty database, migrated and seeded by `npm start`. */
export default function globalSetup(): void {
  rmSync(e2eDataDir, { recursive: true, force: true });
}
