import { PGlite } from '@electric-sql/pglite';
const t0 = Date.now();
const a = new PGlite(); await a.waitReady;
const t1 = Date.now();
const dump = await a.dumpDataDir('none');
const t2 = Date.now();
const b = new PGlite({ loadDataDir: dump }); await b.waitReady;
const t3 = Date.now();
console.log('fresh', t1 - t0, 'dump', t2 - t1, 'load', t3 - t2);
