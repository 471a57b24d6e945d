import * as z from 'zod/mini';

const declaredOpen = new WeakSet<object>();

/**
 * A value the vendor leaves open, declared so on purpose: an object whose keys are the caller's, each sent
 * as written and never refused as unknown nor called a near miss (request checks refuse the unknown keys
 * of every other level). `Why` says what the vendor leaves open, for the reader of the declaration: a
 * type argument (`openObject<'no page describes it'>()`), so that no bundle carries it. A test walks every
 * input schema and fails on an object level that is neither typed nor declared here.
 */
export function openObject<_Why extends string>() {
  const schema = z.record(z.string(), z.unknown());
  declaredOpen.add(schema);
  return schema;
}

/** Whether a built schema was declared open on purpose with {@link openObject}. */
export function isDeclaredOpen(schema: object): boolean {
  return declaredOpen.has(schema);
}
