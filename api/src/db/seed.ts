import crypto from 'node:crypto';
import {
  addMonths,
  berlinIsoDate,
  DEFAULT_PLAN_STEPS,
  eanCheckDigit,
  type InstrumentBody,
  type PlanStep,
} from 'contracts';
import { sql } from 'kysely';
import { createRepositories, type Repositories } from '../dependencies';
import type { DatabaseHandle } from './database';
import { brandLogo, machinePhoto, type Rgb } from './demo-images';

const BRANDS: { name: string; color: Rgb; email: string; website_link: string }[] = [
  {
    name: 'BDS Maschinen',
    color: [0, 158, 215],
    email: 'info@bds-maschinen.de',
    website_link: 'https://www.bds-maschinen.de',
  },
  {
    name: 'MABtec',
    color: [214, 64, 45],
    email: 'service@mabtec.example',
    website_link: 'https://www.mabtec.example',
  },
  {
    name: 'Kernbohr Pro',
    color: [46, 140, 80],
    email: 'kontakt@kernbohr.example',
    website_link: 'https://kernbohr.example',
  },
];

const MACHINES = [
  ['MAB 825', '485', 1],
  ['AirMAB 5000', '486', 0],
  ['MAB 485', '487', 1],
  ['MAB 1300', '488', 1],
  ['Öl-Kühler 200', 'OK-2', 0],
  ['Kernbohrer KB 50', '512', 0],
  ['Kernbohrer KB 100', '513', 1],
  ['Gewindeschneider GS 12', '520', 0],
  ['Magnetbohrer MB 32', '530', 1],
  ['Magnetbohrer MB 55', '531', 1],
  ['Schleifer SL 125', '540', 0],
  ['Fräse FR 300', '550', 1],
] as const;

/** A numeric step measured per unit, built from a step of the default plan or a new one. */
const measured = (step: Pick<PlanStep, 'key' | 'title'>, numeric: Partial<PlanStep>): PlanStep => ({
  ...step,
  kind: 'numeric',
  unit: '',
  lower: null,
  upper: null,
  decimals: 2,
  options: [],
  passing: [],
  parameters: '',
  standard: '',
  required: true,
  per_unit: true,
  ...numeric,
});
const defaultStep = (key: string) => DEFAULT_PLAN_STEPS.find((step) => step.key === key)!;

/**
 * The first machine's demo plan, version 1: the default checks, with the measured tests of IEC 60204-1 clause 18
 * per unit (docs/terminology.md names each term): protective conductor, insulation resistance, residual voltage.
 */
const DEMO_PLAN: PlanStep[] = [
  ...DEFAULT_PLAN_STEPS.filter((step) => !['isolation', 'insulation_resistance'].includes(step.key)),
  measured(defaultStep('isolation'), {
    unit: 'Ω',
    upper: 0.3,
    parameters: '10 A AC',
    standard: 'IEC 60204-1, 18.2.2',
  }),
  measured(defaultStep('insulation_resistance'), {
    unit: 'MΩ',
    lower: 1,
    decimals: 1,
    parameters: '500 V DC, 60 s',
    standard: 'IEC 60204-1, 18.3',
    instrument_kind: 'insulation_tester',
  }),
  measured(
    {
      key: 'residual_voltage',
      title: {
        de: 'Restspannung',
        en: 'Residual voltage',
        fr: 'Tension résiduelle',
        es: 'Tensión residual',
        it: 'Tensione residua',
        pt: 'Tensão residual',
      },
    },
    {
      unit: 'V',
      upper: 60,
      decimals: 0,
      parameters: '5 s',
      standard: 'IEC 60204-1, 18.5',
      instrument_kind: 'multimeter',
    },
  ),
];

/**
 * The demo register: an instrument of each kind the demo plan names, calibrated a few months before the first
 * start and due within a year of that (12-month interval), so the create form offers a fit one for each step.
 */
function demoInstruments(today: Date): InstrumentBody[] {
  const month = berlinIsoDate(today).slice(0, 7);
  const instrument = (
    body: Omit<InstrumentBody, 'interval_months' | 'status' | 'last_calibrated' | 'due'>,
    ago: number,
  ) => ({
    ...body,
    interval_months: 12,
    last_calibrated: `${addMonths(month, -ago)}-14`,
    due: `${addMonths(month, 12 - ago)}-14`,
    status: 'in_use' as const,
  });
  return [
    instrument(
      {
        inventory_number: 'PM-0101',
        name: 'Isolationsmessgerät',
        maker: 'Fluke',
        model: '1507',
        serial_number: '4471203',
        kind: 'insulation_tester',
      },
      3,
    ),
    instrument(
      {
        inventory_number: 'PM-0102',
        name: 'Digitalmultimeter',
        maker: 'Fluke',
        model: '87V',
        serial_number: '3962410',
        kind: 'multimeter',
      },
      1,
    ),
  ];
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-');

/** The key of the demo seed's PostgreSQL lock, the same in every instance. */
const SEED_LOCK = 0x5eed;

/**
 * Demo data: into a catalogue without brands, 3 brands and 12 machines with photos, product links and valid
 * EANs, the first with a test plan of measured values, and two instruments for it; into a database without
 * accounts, one staff account. Returns the demo credentials, or null when accounts existed already (created with
 * `npm run user` before the first start, say).
 *
 * One transaction: a crash mid-way leaves no half catalogue. On PostgreSQL it first takes a lock, so of
 * several instances starting together on an empty database one seeds and the others then find the
 * catalogue there, instead of inserting the same brands and crashing on their unique names.
 */
export async function seedDemo(
  database: DatabaseHandle,
): Promise<{ email: string; password: string } | null> {
  return database.db.transaction().execute(async (trx) => {
    if (database.kind === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const repositories = createRepositories({ ...database, db: trx });
    const { brands, users } = repositories;
    const demoMachine = (await brands.list()).length === 0 ? await seedCatalogue(repositories) : undefined;
    const credentials = (await users.count()) === 0 && {
      email: 'demo@pruefbericht.example',
      password: crypto.randomBytes(9).toString('base64url'),
    };
    const accountId = credentials ? await users.add({ ...credentials, name: 'Demo' }) : undefined;
    const planBy = accountId ?? (await users.list())[0]?.id;
    if (demoMachine !== undefined && planBy !== undefined)
      await repositories.testPlans.insert({
        machine_id: demoMachine,
        version: 1,
        steps: DEMO_PLAN,
        created_at: new Date().toISOString(),
        created_by: planBy,
      });
    return credentials || null;
  });
}

/** The demo catalogue and register; returns the first machine's id (it gets the demo plan). */
async function seedCatalogue({ brands, machines, uploads, instruments }: Repositories): Promise<number> {
  const now = new Date();
  if ((await instruments.list()).length === 0)
    for (const body of demoInstruments(now))
      await instruments.create({
        ...body,
        inventory_key: body.inventory_number.toLowerCase(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
  const created = [];
  const machineIds: number[] = [];
  for (const brand of BRANDS) {
    const logo = await uploads.store(brandLogo(brand.color), { mime: 'image/png', ext: 'png' });
    created.push(
      await brands.create({ name: brand.name, logo, email: brand.email, website_link: brand.website_link }),
    );
  }
  for (const [i, [name, prefix, board]] of MACHINES.entries()) {
    const brand = created[i % created.length];
    const image = await uploads.store(machinePhoto(BRANDS[i % BRANDS.length].color, i), {
      mime: 'image/png',
      ext: 'png',
    });
    const body = `400638${String(100000 + i * 137).slice(-6)}`;
    const machine = await machines.create({
      brand_id: brand.id,
      name,
      serial_prefix: prefix,
      ean_number: body + eanCheckDigit(body),
      link_en: `${brand.website_link}/en/products/${slug(name)}`,
      link_ger: `${brand.website_link}/de/produkte/${slug(name)}`,
      image,
      electronic_circuit_board: board,
      voltage_resistance: '',
      observation: '',
      description: '',
    });
    machineIds.push(machine.id);
  }
  return machineIds[0];
}
