// `node --import ./test/support/without-pg.mjs …`: the process runs as if `pg`, consignkit's optional peer
// for the Postgres ledger, were not installed. Its resolution starts from the file system's root, where no
// node_modules holds it, so Node itself throws the error a project without the package gets.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  if (specifier === 'pg' || specifier.startsWith('pg/'))
    return next(specifier, { ...context, parentURL: 'file:///' });
  return next(specifier, context);
}`)}`,
);
