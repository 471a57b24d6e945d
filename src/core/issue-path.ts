// An issue's path as text, for messages: its own module, as validation, the JSON copy, the CLI and the
// doctor all print paths and none of them should import another for it.

/** `['Packages', 0, 'Items']` becomes `Packages[0].Items`. */
export function formatPath(path: (string | number)[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );
}
