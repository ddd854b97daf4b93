import { isPostgresUrl } from '../db/connect';
import { workerDatabaseUrl } from './postgres-workers';

// Jest's setupFiles: a worker's tests reach PostgreSQL through its own database (see postgres-workers.ts).
const baseUrl = process.env.DATABASE_URL;
const worker = process.env.JEST_WORKER_ID;
if (isPostgresUrl(baseUrl) && worker) process.env.DATABASE_URL = workerDatabaseUrl(baseUrl, worker);
