// Reads the vendor's C# SDK reference (docfx YAML) out of the vendor's documentation repository, for
// scripts/check-vendor-reference.mjs: every data type with its properties (name, type, required, list or
// single, from its DataContractItem), every enum with its values, and every service method's ApiEndpoint
// (verb, path, request and response types). Nothing of the vendor's is copied into the project: the
// repository is read at run time from DOC_CENTRE_REPO.
import { execFileSync } from 'node:child_process';
import YAML from 'yaml';

/** The commit that still holds the reference (it was removed from master on 14 Dec 2020). */
export const REFERENCE = { commit: 'd45c593', folder: 'docfx_project/pro/pro-sdk/reference' };

/** The vendor repository's git directory, from DOC_CENTRE_REPO; exits with how to set it when unset. */
export function docCentreRepo(tool) {
  const dir = process.env.DOC_CENTRE_REPO;
  if (!dir) {
    console.error(
      `${tool}: set DOC_CENTRE_REPO to the git directory of the vendor's docs repository (sortedgroup/doc-centre)`,
    );
    process.exit(2);
  }
  return dir;
}

function git(dir, ...args) {
  return execFileSync('git', ['--git-dir', dir, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** `List{X}` → `X` with `list: true`; `Nullable{X}` → `X`; `Dictionary{K,V}` → a map. */
export function typeShape(uid) {
  const generic = /^([^{]+)\{(.*)\}$/.exec(uid);
  if (!generic) return uid.endsWith('[]') && uid !== 'System.Byte[]' ? { list: uid.slice(0, -2) } : { uid };
  const [, outer, inner] = generic;
  if (outer === 'System.Nullable') return typeShape(inner);
  if (/^System\.Collections\.Generic\.(List|IList|IEnumerable|ICollection|IReadOnlyList)$/.test(outer))
    return { list: inner };
  if (/Dictionary$/.test(outer)) {
    const [key, value] = splitTopLevel(inner);
    return { map: { key, value } };
  }
  return { generic: outer, of: splitTopLevel(inner) };
}

function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}') depth--;
    else if (text[at] === ',' && depth === 0) {
      parts.push(text.slice(start, at));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The arguments of a C# attribute's constructor call, as written: strings, `typeof(X)`, `null`, `new …{…}`. */
export function attributeArguments(text) {
  const args = [];
  let at = 0;
  const skip = () => {
    while (/[\s,]/.test(text[at] ?? '')) at++;
  };
  while (at < text.length) {
    skip();
    if (at >= text.length || text[at] === ')') break;
    if (text[at] === '"') {
      let value = '';
      for (at++; at < text.length && text[at] !== '"'; at++) {
        if (text[at] === '\\') {
          at++;
          value += { r: '\r', n: '\n', t: '\t' }[text[at]] ?? text[at];
        } else value += text[at];
      }
      at++;
      args.push({ string: value });
      continue;
    }
    // Anything else runs to the next top-level comma.
    let depth = 0;
    const start = at;
    for (; at < text.length; at++) {
      const c = text[at];
      if (c === '(' || c === '{' || c === '<' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === '>' || c === ']') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) break;
    }
    const raw = text.slice(start, at).trim();
    const type = /^typeof\((.*)\)$/.exec(raw);
    args.push(type ? { type: type[1] } : raw === 'null' ? { null: true } : { raw });
  }
  return args;
}

/** The text inside `Name(` … its matching `)` in a C# declaration, or undefined. */
function callArguments(content, name) {
  const start = content.indexOf(`${name}(`);
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let at = start + name.length; at < content.length; at++) {
    const c = content[at];
    if (inString) {
      if (c === '\\') at++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return content.slice(start + name.length + 1, at);
  }
  return undefined;
}

/** An ApiEndpoint's arguments: name, description, category, [request type], [response type], path, verb, statuses. */
function endpointOf(content) {
  const inner = callArguments(content, 'ApiEndpoint');
  if (inner === undefined) return undefined;
  const args = attributeArguments(inner);
  const [name, , , ...rest] = args;
  const statuses = rest.pop();
  const verb = rest.pop()?.string;
  const path = rest.pop()?.string;
  const typeName = (arg) => arg?.type;
  // One type: what it answers. Two: what it is sent, then what it answers.
  const [requestType, responseType] = rest.length === 2 ? rest.map(typeName) : [undefined, typeName(rest[0])];
  return {
    name: name?.string,
    verb,
    path: path?.replace(/\s+/g, ''),
    requestType,
    responseType,
    statuses: (statuses?.raw?.match(/HttpStatusCode\.\w+/g) ?? []).map((s) =>
      s.slice('HttpStatusCode.'.length),
    ),
  };
}

/** A DataContractItem's description, required and collection kind. */
function contractItemOf(content) {
  const inner = callArguments(content, 'DataContractItem');
  if (inner === undefined) return undefined;
  const [description, required, collection] = attributeArguments(inner);
  return {
    description: description?.string,
    required: required?.raw === 'true',
    collection: collection?.raw?.replace(/^PropertyCollectionType\./, ''),
  };
}

/**
 * The whole reference: `types` by uid (`{ uid, name, kind, bases, properties, values }`, properties with
 * `{ name, type, required, collection, documented }`) and `endpoints` (`{ name, verb, path, requestType,
 * responseType, statuses, method, parameters, returns, namespace }`).
 */
export function loadReference(dir) {
  const files = git(dir, 'ls-tree', '-r', '--name-only', REFERENCE.commit, `${REFERENCE.folder}/`)
    .split('\n')
    .filter((path) => /\/ref-[^/]+\/.+\.yml$/.test(path) && !path.endsWith('toc.yml'));
  const types = new Map();
  const endpoints = [];
  // One `git cat-file --batch` for all files: hundreds of `git show` would take a while.
  const blobs = catFiles(
    dir,
    files.map((path) => `${REFERENCE.commit}:${path}`),
  );
  for (const [index, path] of files.entries()) {
    const document = YAML.parse(blobs[index]);
    for (const item of document?.items ?? []) {
      const content = item.syntax?.content ?? '';
      if (['Class', 'Struct', 'Enum'].includes(item.type)) {
        types.set(item.uid, {
          uid: item.uid,
          name: item.name,
          kind: item.type,
          bases: (item.inheritance ?? []).filter((base) => base !== 'System.Object'),
          abstract: /\babstract\b/.test(content),
          inherited: (item.inheritedMembers ?? []).filter((member) => !member.startsWith('System.')),
          properties: [],
          values: [],
          file: path,
        });
      }
    }
    for (const item of document?.items ?? []) {
      const content = item.syntax?.content ?? '';
      const owner = types.get(item.parent);
      if (item.type === 'Property' && owner) {
        const contract = contractItemOf(content);
        owner.properties.push({
          name: item.name,
          type: item.syntax?.return?.type,
          required: contract?.required ?? false,
          collection: contract?.collection,
          // A property with no DataContractItem/DataMember is not part of the wire contract.
          documented: contract !== undefined,
          dataMember: /\[DataMember\b/.test(content),
          ignored: /\[(JsonIgnore|IgnoreDataMember)\b/.test(content),
          // Marked obsolete (`ImportersCode`: "use ImportersTaxCode"): not a live field of the contract.
          obsolete: /\[Obsolete\b/.test(content),
        });
      } else if (item.type === 'Field' && owner?.kind === 'Enum' && !/\[Obsolete\b/.test(content)) {
        owner.values.push(item.name);
      } else if (item.type === 'Method' && content.includes('ApiEndpoint(')) {
        const endpoint = endpointOf(content);
        if (!endpoint) continue;
        endpoints.push({
          ...endpoint,
          method: item.uid,
          parameters: (item.syntax?.parameters ?? []).map((parameter) => ({
            name: parameter.id,
            type: parameter.type,
          })),
          returns: item.syntax?.return?.type,
          interface: item.parent?.includes('.Interfaces.') ?? false,
        });
      }
    }
  }
  return { types, endpoints: dedupeEndpoints(endpoints) };
}

/** The sync and async versions of a method, and the interface's copy, carry the same endpoint: keep one. */
function dedupeEndpoints(endpoints) {
  const byKey = new Map();
  for (const endpoint of endpoints) {
    const key = `${endpoint.verb} ${endpoint.path} ${endpoint.name}`;
    const kept = byKey.get(key);
    // Prefer the class's own method over the interface's (its parameters are named the same).
    if (!kept || (kept.interface && !endpoint.interface)) byKey.set(key, endpoint);
  }
  return [...byKey.values()];
}

function catFiles(dir, objects) {
  const output = execFileSync('git', ['--git-dir', dir, 'cat-file', '--batch'], {
    input: `${objects.join('\n')}\n`,
    maxBuffer: 512 * 1024 * 1024,
  });
  const texts = [];
  let at = 0;
  for (let index = 0; index < objects.length; index++) {
    const headerEnd = output.indexOf(0x0a, at);
    const header = output.subarray(at, headerEnd).toString('utf8');
    const size = Number(header.split(' ')[2]);
    texts.push(output.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'));
    at = headerEnd + 1 + size + 1;
  }
  return texts;
}

/** A type's uid from the short name an ApiEndpoint writes (`List<AllocationSummary>` → list of that uid). */
export function resolveWritten(types, written, namespace) {
  if (!written) return undefined;
  const list = /^(?:List|IList|IEnumerable)<(.*)>$/.exec(written);
  if (list) {
    const inner = resolveWritten(types, list[1], namespace);
    return inner && { list: inner };
  }
  const generic = /^(\w+)<(.*)>$/.exec(written);
  if (generic)
    return {
      generic: [...types.keys()].find((uid) => uid.endsWith(`.${generic[1]}\`1`))?.replace(/`1$/, ''),
      of: [resolveWritten(types, generic[2])?.uid],
    };
  // A class before an enum of the same name, then the one nearest the endpoint's own namespace.
  const byName = [...types.values()]
    .filter((type) => type.name === written || type.uid.endsWith(`.${written}`))
    .sort((a, b) => (a.kind === 'Enum') - (b.kind === 'Enum') || near(b.uid) - near(a.uid));
  return byName.length ? { uid: byName[0].uid } : { uid: `System.${written}`, primitive: written };
  function near(uid) {
    let at = 0;
    while (at < uid.length && uid[at] === (namespace ?? '')[at]) at++;
    return at;
  }
}

/**
 * Bases the reference names but does not define (`Common.Address`, `Common.WindowBase`), with the members
 * each passes on: their names are known, their types are not, so maximal values leave them out.
 */
export function undefinedBases(types) {
  const bases = new Map();
  for (const type of types.values()) {
    for (const member of type.inherited ?? []) {
      const owner = member.slice(0, member.lastIndexOf('.'));
      if (types.has(owner) || !owner.startsWith('Sorted.')) continue;
      const members = bases.get(owner) ?? new Set();
      members.add(member.slice(owner.length + 1));
      bases.set(owner, members);
    }
  }
  return bases;
}

/** Every property of a type, its bases' first (a derived class's property of the same name wins). */
export function allProperties(types, uid) {
  const type = types.get(uid);
  if (!type) return [];
  const byName = new Map();
  for (const base of type.bases)
    for (const property of types.get(base)?.properties ?? []) byName.set(property.name, property);
  for (const property of type.properties) byName.set(property.name, property);
  return [...byName.values()].filter(
    (property) => (property.documented || property.dataMember) && !property.obsolete,
  );
}
