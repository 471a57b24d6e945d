/** The help texts of the `consignkit` command: `consignkit --help` and `consignkit <command> --help`. */

const CONNECTION = `Common options:
  --environment NAME   sandbox or production (default: CONSIGNKIT_ENVIRONMENT, then sandbox)
  --base-url URL       base URL of the area this command talks to, replacing the environment's
                       (a proxy, or the URLs 'consignkit mock' prints)
  --json               machine-readable output on stdout; errors as one JSON line on stderr
  -h, --help           this help`;

const EXIT_CODES = 'Exit codes: 0 success, 1 the service (or a file) failed, 2 bad usage or configuration.';

const keys = (variable: string) =>
  `The API key is read from ${variable}, then CONSIGNKIT_API_KEY; it is never printed.`;

export const MAIN_HELP = `Usage: consignkit <command> [options]

Orders, labels and manifests of the Sorted shipping service, from the command line, and a local mock
of the service to try them against.

Commands:
  demo                                   run the whole workflow against the embedded mock, printing
                                         each step and leaving real label PDFs in a folder
  labels <ref...> [--group sg_...]       save the labels of shipments (sp_...) or consignments (EC-...) to files,
                                         several at once; --merge one print file, --print to a printer
  contents-label <shipmentRef> <contentsRef>
                                         save the label of one contents item (sc_...) to a file
  manifests list                         list the customer manifests
  manifests get <manifestRef>            save a customer manifest PDF
  orders get <orderRef>                  print an order (EO-...) as JSON
  locations                              list the shipping locations an order's Origin can name
  carrier-services list                  list the carrier services allocation can name (their references)
  options <request.json>                 the delivery options for a Create Order body in a file
  invoice <consignmentRef>               save the commercial invoice PDF of an international consignment
  tracking <consignmentRef>              print a consignment's tracking events
  consignments list [--state S] [--location L]
                                         list the consignments (every page), as a table or --json
  consignments get <EC-...>              print a consignment's state, service, labels and packages
  consignments deallocate|cancel <EC-...>...
                                         deallocate or cancel consignments (asks first on a terminal)
  quotes <EC-...>                        a consignment's quotes, and the services that cannot quote
  shipments get|track <sp_...>           print a shipment's state and carrier service, or its tracking
  shipments cancel|manifest <sp_...>     cancel a shipment, or queue it for the carrier's manifest (asks
                                         first on a terminal; a lost answer is read back, never resent)
  groups create <customRef> [sp_...]     create a shipment group, with the shipments given
  groups get|lock|unlock|close <sg_...>  read, lock, unlock or close a shipment group
  doctor [--write] [--report FILE]       check the keys, the network and the service's answers against
                                         what consignkit expects; --write adds a sandbox round trip
  ledger migrate|list|settle|resolve     the ledger of non-repeatable operations (consignkit/ledger):
                                         make its tables, list its entries, settle what is unknown by
                                         reading the service, or mark an entry checked by hand
  mock [--seed N] [--fixtures FILE]      serve the mock of both areas over HTTP on 127.0.0.1, seeded
  mcp [--tools LIST] [--read-only]       serve the operations as MCP tools to an AI agent, over stdio
                                         (sandbox by default; changes are previewed, then confirmed)
  migrate [paths...] [--write]           rewrite calls of the 0.2 client methods (orders.cancelConsignment)
                                         to their 0.3 resources (orders.consignments.cancel); a dry run
                                         printing a diff unless --write

Options of the commands that talk to the service (all but demo, mock, mcp and migrate):
  --environment NAME   sandbox or production (default: CONSIGNKIT_ENVIRONMENT, then sandbox)
  --base-url URL       base URL of the area the command talks to (a proxy, or 'consignkit mock')
Options of every command:
  --json               machine-readable output
  -V, --version        print consignkit's version
  -h, --help           help; 'consignkit <command> --help' for a command's options

API keys: CONSIGNKIT_ORDERS_API_KEY (orders, consignments, manifests), CONSIGNKIT_SHIPMENTS_API_KEY
(labels, shipments, groups), or CONSIGNKIT_API_KEY for both. They are never printed.

${EXIT_CODES}
`;

export const COMMAND_HELP: Record<string, string> = {
  demo: `Usage: consignkit demo [--out DIR] [--json]

Runs the whole workflow against the embedded mock service (nothing leaves this machine): creates two
orders, packs and allocates them, saves their PDF labels, gathers the shipments in a shipment group and
locks it, manifests the consignments in one call and saves the customer manifest PDF. Prints each step.

Options:
  --out DIR    where the label and manifest PDFs go (default: consignkit-demo)
  --json       print a summary of what was made as JSON instead of the steps
  -h, --help   this help

${EXIT_CODES}
`,
  labels: `Usage: consignkit labels <ref...> [--group sg_...] [--format PDF|ZPL|BMP|PNG|ZPLII] [--dpi 203|300|600]
                        [--out DIR] [--concurrency N] [--merge FILE] [--print HOST[:PORT]]
                        [--no-extension] [--rotation left|right] [--json]

Fetches the labels of each shipment (sp_...) or allocated consignment (EC-...) and saves them in DIR as
<ref>.pdf (.zpl, .bmp, .png; -2, -3... when a shipment has several), each file written atomically.
Shipments are fetched N at a time; a consignment's labels (every package's) come as one file, from
area A. One that fails is reported and the others are still saved; the exit code is then 1. On a
terminal, a progress bar with counts and an ETA shows on stderr.

Options:
  --group REF          also the shipments of this shipment group (sg_...), as a collection is printed
  --format FORMAT      PDF (default); ZPL or BMP for a shipment, which depends on the carrier; PNG, ZPL
                       or ZPLII for a consignment
  --dpi N              203, 300 or 600 (default: the service's, 203)
  --out DIR            the folder for the files, created when missing (default: the current folder)
  --concurrency N      shipments fetched at once (default 4)
  --merge FILE         also write every label saved, in order, as one print file (PDF or ZPL)
  --print HOST[:PORT]  send the labels saved, as one ZPL stream, to a network printer (port 9100 by
                       default); needs --format ZPL. Never sent twice.
  --no-extension       leave the customer's label extension off the label
  --rotation SIDE      left or right: rotate 90 degrees (BMP only)
  --json               print each shipment's files or error, and the merged file, as JSON

${CONNECTION}

${keys('CONSIGNKIT_SHIPMENTS_API_KEY')}
${EXIT_CODES}
`,
  'contents-label': `Usage: consignkit contents-label <shipmentRef> <contentsRef> [--format PDF|ZPL] [--dpi 203|300|600]
                                [--out DIR] [--no-extension]

Fetches the label of one contents item (sc_..., not the shipment's sp_...) and saves it in DIR as
<contentsRef>.pdf (or .zpl).

Options:
  --format FORMAT      PDF (default) or ZPL
  --dpi N              203 (default), 300 or 600
  --out DIR            the folder for the file, created when missing (default: the current folder)
  --no-extension       leave the customer's label extension off the label

${CONNECTION}

${keys('CONSIGNKIT_SHIPMENTS_API_KEY')}
${EXIT_CODES}
`,
  manifests: `Usage: consignkit manifests list [--location SL-...]
       consignkit manifests get <manifestRef> [--out PATH]

list   lists the customer manifests: reference, date, carrier, bookings, location.
get    saves one customer manifest PDF.

Options:
  --location REF       list: only the manifests of this shipping location
  --out PATH           get: a file, or a folder (existing, or ending with /) to save
                       manifest-<manifestRef>.pdf in (default: the current folder)

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  orders: `Usage: consignkit orders get <orderRef>

Prints the order as the service returns it, as JSON.

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  locations: `Usage: consignkit locations [--json]

Lists the organisation's shipping locations: reference, name, town, country. An order's Origin names
one as ShippingLocationReference.

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  'carrier-services': `Usage: consignkit carrier-services list [--json]

Lists the carrier services the subscription can allocate to: reference, name, carrier. The reference is
what allocating with a carrier service takes.

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  options: `Usage: consignkit options <request.json> [--json]

Asks the service for the delivery options of a consignment not created yet: the file holds a Create
Order body (its Packages and Addresses count). Prints each option's EDO- reference, carrier service,
date and price, cheapest first; select one in code with selectDeliveryOption.

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  invoice: `Usage: consignkit invoice <consignmentRef> [--out PATH]

Saves the commercial invoice PDF of an allocated international consignment (EC-...) as
invoice-<consignmentRef>.pdf.

Options:
  --out PATH           a file, or a folder (existing, or ending with /) (default: the current folder)

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  tracking: `Usage: consignkit tracking <consignmentRef> [--json]

Prints a consignment's tracking: each package, each leg's carrier service, and its events (time, code,
description, who signed).

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  groups: `Usage: consignkit groups create <customRef> [shipmentRef...]
       consignkit groups get|lock|unlock|close <groupRef>

create   creates an open, unlocked shipment group (customRef: 5 to 50 characters, unique
         among open groups) with the shipments given; prints its sg_ reference and any shipment the
         service could not add.
get      prints the group's state, version and shipments.
lock     locks it for collection; unlock opens it for changes again.
close    closes a locked group for good: a closed group refuses every change.

${CONNECTION}

${keys('CONSIGNKIT_SHIPMENTS_API_KEY')}
${EXIT_CODES}
`,
  consignments: `Usage: consignkit consignments list [--state STATE] [--location REF] [--json]
       consignkit consignments get <consignmentRef> [--json]
       consignkit consignments deallocate|cancel <consignmentRef>... [--yes] [--json]

list         lists every consignment matching the filters, reading page after page.
get          prints a consignment's state, carrier service, labels and packages (--json: all of it).
deallocate   takes Allocated, Manifested or ManifestFailed consignments off their carrier service (their
             labels are void); they can then be edited, cancelled or allocated again.
cancel       cancels consignments that are not manifested; nothing more can be done with them.
             Both print one result per consignment, and exit 1 when any was refused.

Options:
  --state STATE        list only consignments in this state (Allocated, ReadyToShip…)
  --location REF       list only consignments shipping from this location
  -y, --yes            deallocate or cancel without asking (a terminal is asked first)

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  ledger: `Usage: consignkit ledger migrate [--json]
       consignkit ledger list [--state STATE] [--environment NAME] [--json]
       consignkit ledger settle [--environment NAME] [--base-url URL] [--json]
       consignkit ledger resolve <operation> <reference> done|refused [--environment NAME] [--json]

The Postgres ledger that OrdersClient and ShipmentsClient share through their ledger option
(consignkit/ledger; see docs/scale.md).

migrate   creates or updates its tables; refuses tables made by a newer consignkit.
list      prints its entries: environment, area, operation, reference, state (pending, done, refused,
          unknown), when it last changed, and what was found.
settle    reads the service for every unknown entry and every pending one whose lease has passed, and
          records what it found (never sends anything again). Settles the entries of one environment,
          through a client of each area whose key is set. Exits 1 when any entry is left to check by hand.
resolve   after checking the service yourself, records an entry done (the next call reads again before
          sending) or refused (the next call sends).

Options:
  --state STATE        list only entries in this state
  --ledger-url URL     the ledger's connection string; prefer CONSIGNKIT_LEDGER_URL: an option shows in
                       the machine's process list

${CONNECTION}

The connection string is read from --ledger-url, then CONSIGNKIT_LEDGER_URL; it is never printed (its
password neither). The API keys are read as for the other commands. It needs the pg package (npm install pg).
${EXIT_CODES}
`,
  shipments: `Usage: consignkit shipments get|track <shipmentRef> [--json]
       consignkit shipments cancel|manifest <shipmentRef> [--yes] [--json]

get        prints an area B shipment's (sp_...) state, custom reference, carrier service, tracking
           numbers and how often its labels were fetched (--json: all of it).
track      prints its carrier, tracking numbers, expected delivery and tracking events (an allocated
           shipment has numbers; events come once it is manifested).
cancel     cancels it: only before it is manifested; the carrier's booking is cancelled too, and only
           a delete remains possible.
manifest   queues an allocated (or ready to ship) shipment for the carrier's manifest: it becomes
           manifesting, then manifested, and prints the manifest's ma_ reference.
           cancel and manifest are sent once. When no answer comes, the shipment is read back (nothing
           is sent again) and the command says whether the change happened: exit 0 if it did, else 1.

Options:
  -y, --yes            cancel or manifest without asking (a terminal is asked first)

${CONNECTION}

${keys('CONSIGNKIT_SHIPMENTS_API_KEY')}
${EXIT_CODES}
`,
  doctor: `Usage: consignkit doctor [--write [-y]] [--report FILE] [--environment NAME] [--json]

Checks both areas with the configured keys: the network (DNS, TLS), the key, the version header, the
clock (from the Date header), the latency (median and worst of five reads), and then every read that
needs no reference of yours (shipping locations, customer manifests, a consignment search page,
shipment state counts), each answer compared, field by field, with what consignkit expects.

One line a check: ok, drift (the service answers otherwise than consignkit expects: each difference
by its JSON path), failed or skipped. No key and no value of any answer is ever printed, so the
report can be shared.

Options:
  --write           also create, quote, allocate, read a label of and cancel one consignment and one
                    shipment; sandbox only. Whatever it created is cancelled, even after a failure
  -y, --yes         --write without asking first (a terminal is asked)
  --report FILE     also write the report as JSON to FILE
  --environment NAME   sandbox or production (default: CONSIGNKIT_ENVIRONMENT, then sandbox)
  --json            the report as JSON on stdout
  -h, --help        this help

Base URLs: CONSIGNKIT_ORDERS_BASE_URL and CONSIGNKIT_SHIPMENTS_BASE_URL (for example those
'consignkit mock' prints). ${keys('CONSIGNKIT_ORDERS_API_KEY and CONSIGNKIT_SHIPMENTS_API_KEY')}
Exit codes: 0 all checks passed, 1 drift or a failed check, 2 bad usage or configuration.
`,
  quotes: `Usage: consignkit quotes <consignmentRef> [--json]

Prints the quotes of a stored consignment (Get Quotes By Consignment Reference), cheapest first, one row
per carrier service that can carry it: its reference, name, carrier, gross price, delivery day, when the quote
expires, and the quote reference to allocate with (ConsignmentAllocator.allocateWithQuote). Then the services
that cannot carry it, each with the service's reason. Each call issues fresh quotes.

${CONNECTION}

${keys('CONSIGNKIT_ORDERS_API_KEY')}
${EXIT_CODES}
`,
  mock: `Usage: consignkit mock [--port N] [--seed N] [--fixtures FILE] [--json]

Serves the stateful mock of both areas over HTTP on 127.0.0.1 until stopped (Ctrl-C), and prints the
base URL of each area and the mock's own (public, fixed) API key. Point other commands and your own
code at it with CONSIGNKIT_ORDERS_BASE_URL and CONSIGNKIT_SHIPMENTS_BASE_URL (or --base-url, baseUrl).

Options:
  --port N          the port (default 4010; 0 picks a free one)
  --seed N          the seed of its references (0 to 35936): the same seed, the same references
  --fixtures FILE   a JSON file to seed it from: { "shippingLocations": [...], "carrierServices": [...],
                    "allocationRules": [...], "allocatedConsignments": N }; the N consignments are
                    created, packed and allocated through its API, and their references printed
  --json            print the URLs (and what was seeded) as JSON
  -h, --help   this help

${EXIT_CODES}
`,
  migrate: `Usage: consignkit migrate [paths...] [--write] [--json]

Rewrites the calls of the 0.2 flat client methods in your .ts, .tsx, .mts, .cts, .js, .jsx, .mjs and
.cjs files, and in the ts and js code blocks of .md files, to their 0.3 resources, from the
rename table the package ships (migrations/0.3.0.json; MIGRATION.md lists it):
orders.cancelConsignment(ref) becomes orders.consignments.cancel(ref). Paths are files or folders
(default: the current folder; node_modules and hidden folders are skipped).

It types your code with the TypeScript compiler (the typescript package: yours, or installed beside
consignkit; an optional peer), through the tsconfig.json found above the first path, or with allowJs
when there is none. A call is rewritten when its receiver's type is OrdersClient or ShipmentsClient (a
subclass, a union holding one, this.orders, orders?.x, orders['x'] and the type
OrdersClient['getOrder'] too). Where the type is unknown (plain JavaScript, any, Markdown), the name
alone decides, reported "by name", and only in a file (or Markdown code block) that imports or
requires consignkit; anywhere else the site is listed, not changed. An object of your own with a
method of the same name is left alone.

A subclass's override is renamed with its calls when the method stays on the client
(getOrder -> get); one of a method that moves to a resource (createConsignment) is reported, and its
calls are left reaching it. OrdersClient.prototype.createConsignment becomes
Consignments.prototype.create (added to your import from consignkit), or is reported. Reported, not
rewritten: destructuring (const { getOrder } = orders), method names in strings (vi.spyOn(orders,
'getOrder'), 'getOrder' in orders), objects made into a client ({ getOrder } as unknown as
OrdersClient), keys in types (Pick<OrdersClient, 'getOrder'>) and .d.ts files. A method passed as a
value is rewritten with a warning (it loses its \`this\` either way). Operation ids (error.operation,
mock.failNext) do not change and are not touched.

Each file is written whole to a temporary file beside it and renamed over it, keeping its mode, its
byte-order mark and its line endings. A file that is not UTF-8 (Latin-1, UTF-16) is left alone and
reported.

Options:
  --write      write the changes (default: a dry run that prints a unified diff on stdout, which
               git apply takes, and its notes and summary on stderr)
  --json       print the call sites, notes and summary as JSON instead
  -h, --help   this help

Exit codes: 0 done (also when nothing needed rewriting), 1 a file with sites is left alone (it does
not parse, it is not UTF-8, or it could not be written), 2 bad usage or typescript missing.
`,
  mcp: `Usage: consignkit mcp [--environment sandbox|production] [--tools LIST] [--read-only]
                     [--output-dir DIR] [--orders-base-url URL] [--shipments-base-url URL]
                     [--ledger-url URL] [--list]

Serves the operations of both areas as tools of a Model Context Protocol server over stdio, for an AI
agent's client to start (see docs/mcp.md). One tool per operation, named by its operation id. A
non-repeatable tool (create, allocate, manifest, cancel...) first answers a preview and a confirmation
token, and sends only when called again with the token and the same arguments; a lost answer is read
back, never sent again. Needs @modelcontextprotocol/sdk, an optional peer dependency. With a ledger
(CONSIGNKIT_LEDGER_URL, or --ledger-url), every confirmed call is claimed in it first: one another
process holds, or one already done, is refused without sending (needs pg, an optional peer).

Options:
  --environment NAME        sandbox (the default) or production; CONSIGNKIT_ENVIRONMENT=production
                            alone is refused
  --tools LIST              the tools to offer, comma-separated: tool names, which are the
                            operation ids (getConsignment, getShipmentTracking), and 'read'
                            (every read); required in production
  --read-only               offer only the tools that read, in either environment
  --output-dir DIR          where labels and other documents are saved (default: a new temporary folder)
  --orders-base-url URL     area A's base URL (default CONSIGNKIT_ORDERS_BASE_URL, then the environment's)
  --shipments-base-url URL  area B's base URL (default CONSIGNKIT_SHIPMENTS_BASE_URL, then the environment's)
  --ledger-url URL          the Postgres ledger's connection string (default CONSIGNKIT_LEDGER_URL;
                            prefer the variable: an option shows in the process list); never printed
  --list                    print the tools the other options offer, and exit (--json: as JSON)
  -h, --help                this help

${keys('CONSIGNKIT_ORDERS_API_KEY and CONSIGNKIT_SHIPMENTS_API_KEY')} Nothing but the protocol is
written to stdout; one line per call goes to stderr.
${EXIT_CODES}
`,
};
