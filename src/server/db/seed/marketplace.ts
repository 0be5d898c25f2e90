/**
 * The demo marketplace: business partners, filters, insurance, practices in real cities, providers
 * licensed across the served states, and eight weeks of slots in each provider's time zone. Seeded
 * random, so the same provider count gives the same people everywhere; bulk inserts throughout.
 */
import { constants } from '@/generated/constants';
import { enums, type CounselingSpecialty, type CounselingType } from '@/generated/enums';
import type { Queryable } from '../connection';
import { all, first, qb, sql } from '../typed';
import { insertRows } from './bulk';
import { partnerColumns, type PartnerRow } from '../../marketplace/partners';
import { carrierSeeds, cities, filterSeeds, firstNames, lastNames, partnerSeeds, practiceSuffixes, servedStates, streetNames, type City } from './catalogue';
import { seededRandom, type Random } from './random';
import { compareAgeGroups } from '@/domain/age-groups';
import { npiFromBase } from '@/domain/npi';

export const DEMO_PROVIDER_COUNT = 320;
const SEED = 20_240_601;
/** Providers per practice, on average. */
const PROVIDERS_PER_PRACTICE = 4;
/** Slots start on the hour between these local hours (last start included). */
const FIRST_SLOT_HOUR = 7;
const LAST_SLOT_HOUR = 20;
/** Providers generated per batch of inserts. */
const BATCH = 2_000;

export interface MarketplaceSeedResult {
  providerIds: string[];
  partnerIdByCode: Map<string, string>;
}

interface PracticeSeed {
  id: string;
  city: City;
}

async function seedPartners(tx: Queryable, rng: Random): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const rows = partnerSeeds.map((p) => {
    const row: PartnerRow = {
      id: rng.uuid(),
      name: p.name,
      partnership_code: p.partnershipCode,
      hide_payment_input: p.hidePaymentInput,
      hide_insurance_input: p.hideInsuranceInput,
      hide_post_booking_modal_copy: p.hidePostBookingModalCopy,
      custom_success_message: p.customSuccessMessage,
      custom_failure_message: p.customFailureMessage,
      authorization_required: p.authorizationRequired,
      channel_type: p.channelType,
      deal_structure: p.dealStructure,
      is_credit_card_optional: p.isCreditCardOptional,
      tier_name: p.tierName,
      phone: p.phone,
    };
    ids.set(p.partnershipCode, row.id);
    return partnerColumns.map((column) => row[column]);
  });
  await insertRows(tx, 'business_partners', partnerColumns, rows);
  const referring = [...ids.values()].flatMap((partnerId, p) =>
    Array.from({ length: 6 }, (_, i) => [
      rng.uuid(),
      partnerId,
      rng.pick(firstNames),
      rng.pick(lastNames),
      rng.pick(['MD', 'DO', 'NP', 'PA-C']),
      String(rng.int(1_000_000_000, 1_999_999_999)),
      `REF-${p + 1}${String(i + 1).padStart(3, '0')}`,
    ]),
  );
  await insertRows(tx, 'referring_providers', ['id', 'business_partner_id', 'first_name', 'last_name', 'credential', 'npi', 'ehr_id'], referring);
  return ids;
}

async function seedReference(tx: Queryable): Promise<{ filterIds: Map<string, number>; planIds: { id: number; medicaid: boolean; carrier: string }[] }> {
  await insertRows(
    tx,
    'filters',
    ['type', 'value', 'description', 'display_value', 'priority', 'mapping_value', 'translations'],
    filterSeeds.map((f, i) => [
      f.type,
      f.value,
      f.description,
      f.displayValue ?? f.value,
      i,
      f.value.toUpperCase().replace(/[^A-Z0-9]+/g, '_'),
      JSON.stringify({ es: f.es }),
    ]),
    { translations: 'jsonb' },
  );
  await insertRows(
    tx,
    'filters',
    ['type', 'value', 'description', 'display_value', 'priority', 'mapping_value', 'translations'],
    carrierSeeds.map((c, i) => [
      'insurance_id',
      c.code,
      `Accepts ${c.name} plans.`,
      c.name,
      i,
      c.code,
      JSON.stringify({ es: { displayValue: c.name, description: `Acepta planes de ${c.name}.` } }),
    ]),
    { translations: 'jsonb' },
  );
  const filters = await all(tx, qb.selectFrom('filters').select(['id', 'type', 'value']));
  await insertRows(
    tx,
    'insurance_carriers',
    ['code', 'name'],
    carrierSeeds.map((c) => [c.code, c.name]),
  );
  const carriers = new Map((await all(tx, qb.selectFrom('insurance_carriers').select(['id', 'code']))).map((c) => [c.code, c.id]));
  await insertRows(
    tx,
    'insurance_plans',
    ['carrier_id', 'name', 'is_medicaid'],
    carrierSeeds.flatMap((c) => c.plans.map((p) => [carriers.get(c.code), p.name, p.isMedicaid])),
  );
  const plans = await all(
    tx,
    qb
      .selectFrom('insurance_plans as p')
      .innerJoin('insurance_carriers as c', 'c.id', 'p.carrier_id')
      .select(['p.id', 'p.is_medicaid', 'c.code'])
      .orderBy('p.id'),
  );
  return {
    filterIds: new Map(filters.map((f) => [`${f.type}:${f.value}`, f.id])),
    planIds: plans.map((p) => ({ id: p.id, medicaid: p.is_medicaid, carrier: p.code })),
  };
}

async function seedPractices(tx: Queryable, rng: Random, count: number): Promise<PracticeSeed[]> {
  // The zip code table is loaded when the demo marketplace is seeded, not with the app (every start, every test file).
  const { default: zipcodes } = await import('zipcodes');
  const practices: PracticeSeed[] = [];
  const rows: unknown[][] = [];
  for (let i = 0; i < count; i += 1) {
    // Every city gets a practice before any city gets a second.
    const city = i < cities.length ? cities[i]! : rng.pick(cities);
    const place = zipcodes.lookup(city.zip)!;
    const id = rng.uuid();
    practices.push({ id, city });
    rows.push([
      id,
      `${city.name} ${rng.pick(practiceSuffixes)}`,
      `${rng.int(100, 9899)} ${rng.pick(streetNames)}`,
      city.name,
      city.state,
      city.zip,
      `ChIJ${rng.uuid().replace(/-/g, '').slice(0, 23)}`,
      Math.round((place.latitude + (rng.next() - 0.5) * 0.06) * 1e6) / 1e6,
      Math.round((place.longitude + (rng.next() - 0.5) * 0.06) * 1e6) / 1e6,
      city.timeZone,
    ]);
  }
  await insertRows(tx, 'practices', ['id', 'name', 'address_line1', 'city', 'state', 'zipcode', 'google_place_id', 'latitude', 'longitude', 'time_zone'], rows);
  return practices;
}

/** The words a seeded bio uses for each client age group, one per group, so the bio says who the groups are. */
const AGE_GROUP_WORDS: Readonly<Record<string, string>> = {
  '0-5': 'young children',
  '6-10': 'children',
  '11-13': 'preteens',
  '14-17': 'teens',
  '18-64': 'adults',
  '65+': 'older adults',
};

const SPECIALTY_AREA: Partial<Record<CounselingSpecialty, string>> = {
  'anxiety-therapy': 'Anxiety',
  'depression-therapy': 'Depression',
  'trauma-ptsd-therapy': 'Trauma and PTSD',
  'grief-counseling': 'Grief and loss',
  'couples-therapy': 'Relationship issues',
  'marriage-counseling': 'Relationship issues',
};

/**
 * A provider's NPI and tax identification number, made from its place in the seed (not from the random
 * stream, so every other seeded value stays as it was): distinct, and the NPI passes the Luhn check.
 */
export function providerIdentifiers(index: number): [npi: string, tin: string] {
  return [npiFromBase(String(123_000_000 + index)), `${String(10 + (index % 89)).padStart(2, '0')}-${String(3_000_000 + index).padStart(7, '0')}`];
}

function providerRow(rng: Random, index: number, practice: PracticeSeed, reference: Awaited<ReturnType<typeof seedReference>>): unknown[] {
  const id = rng.uuid();
  const firstName = rng.pick(firstNames);
  const lastName = rng.pick(lastNames);
  const gender = rng.chance(0.62) ? 'Female' : 'Male';
  const title = rng.pick(enums.providerTitle.values);
  const counselingTypes = new Set<CounselingType>();
  if (rng.chance(0.85)) counselingTypes.add('Individual Counseling');
  if (rng.chance(0.35)) counselingTypes.add('Medication/Psychiatry');
  if (rng.chance(0.3)) counselingTypes.add('Family Counseling');
  if (rng.chance(0.3)) counselingTypes.add('Couples/Marriage Counseling');
  if (rng.chance(0.1)) counselingTypes.add('Psychological Testing & Evaluation');
  if (!counselingTypes.size) counselingTypes.add('Individual Counseling');
  const offersMedication = counselingTypes.has('Medication/Psychiatry');
  const specialties = rng.sample(
    enums.counselingSpecialty.values.filter((s) => offersMedication || s !== 'psychiatrist'),
    rng.int(2, 5),
  );
  if (offersMedication && !specialties.includes('psychiatrist')) specialties.push('psychiatrist');
  const home = practice.city.state;
  const others = servedStates.filter((s) => s !== home);
  const licensed = [home, ...(rng.chance(0.3) ? rng.sample(others, rng.int(1, 2)) : [])];
  const areas = new Set([
    ...specialties.map((s) => SPECIALTY_AREA[s]).filter((a): a is string => a !== undefined),
    ...rng.sample(
      filterSeeds.filter((f) => f.type === 'area_of_concern').map((f) => f.value),
      rng.int(2, 5),
    ),
  ]);
  const languages = [
    'English',
    ...(rng.chance(0.35)
      ? rng.sample(
          filterSeeds.filter((f) => f.type === 'language' && f.value !== 'English').map((f) => f.value),
          rng.int(1, 2),
        )
      : []),
  ];
  const ages = rng.chance(0.25) ? rng.sample(['0-5', '6-10', '11-13', '14-17'], rng.int(1, 3)) : [];
  ages.push('18-64');
  if (rng.chance(0.5)) ages.push('65+');
  const plans = rng.sample(
    reference.planIds.filter((p) => !p.medicaid || rng.chance(0.5)),
    rng.int(2, 6),
  );
  const inPerson = rng.chance(0.6);
  const filterKeys = [
    ...[...counselingTypes].map((t) => `counseling_type:${t}`),
    `gender:${gender}`,
    ...[...areas].map((a) => `area_of_concern:${a}`),
    ...languages.map((l) => `language:${l}`),
    ...rng
      .sample(
        filterSeeds.filter((f) => f.type === 'counseling_approach').map((f) => f.value),
        rng.int(1, 3),
      )
      .map((a) => `counseling_approach:${a}`),
    ...ages.map((a) => `client_age_group:${a}`),
    ...rng
      .sample(
        filterSeeds.filter((f) => f.type === 'tag').map((f) => f.value),
        rng.int(0, 2),
      )
      .map((t) => `tag:${t}`),
    ...[...new Set(plans.map((p) => p.carrier))].map((c) => `insurance_id:${c}`),
    'availability_type:online',
    ...(inPerson ? ['availability_type:in_person'] : []),
  ];
  const individual = rng.int(20, 50) * 5;
  const about = `${firstName} ${lastName}, ${title}, ${offersMedication ? 'offers psychiatric evaluation and medication management' : 'offers talk therapy'} for ${[
    ...areas,
  ]
    .slice(0, 3)
    .join(', ')
    .toLowerCase()}. ${firstName} works with ${agesInWords(ages)} ${inPerson ? `in ${practice.city.name}, ${home}, and by video` : 'by video'}${
    licensed.length > 1 ? ` across ${licensed.join(', ')}` : ''
  }.`;
  const removedReason = index % 97 === 13 ? enums.providerRemovalReason.values[index % 2] : null;
  return [
    id,
    firstName,
    lastName,
    title,
    gender,
    `${firstName}-${lastName}-${id.slice(0, 6)}`.toLowerCase().replace(/[^a-z0-9-]/g, ''),
    about,
    individual,
    rng.chance(0.7) ? Math.round(individual * 0.7) : null,
    practice.id,
    practice.city.timeZone,
    licensed,
    specialties,
    filterKeys.map((k) => reference.filterIds.get(k)).filter((v) => v !== undefined),
    plans.map((p) => p.id),
    offersMedication,
    rng.chance(0.4),
    removedReason,
    removedReason ? new Date().toISOString() : null,
    // A few listed providers have a full caseload (by index, not the random source, so every other seeded value stays as it was).
    removedReason !== null || index % 53 !== 29,
    inPerson,
  ];
}

/** Who a provider's age groups are, in words that match the groups ("children, teens and adults"), youngest first. */
function agesInWords(ages: readonly string[]): string {
  const words = [
    ...new Set(
      [...ages]
        .sort(compareAgeGroups)
        .map((group) => AGE_GROUP_WORDS[group])
        .filter((word): word is string => word !== undefined),
    ),
  ];
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? 'adults');
}

/**
 * Eight weeks of hour-long slots from the provider's local today: each provider works some weekdays,
 * in person on some of them when it has an office, and is busier or freer than others. Computed in
 * SQL from each provider's id, so a million rows never pass through Node.
 */
async function seedSlots(tx: Queryable, providerIds: readonly string[], inPerson: ReadonlySet<string>, today: string): Promise<void> {
  await tx.query(
    `INSERT INTO slots (provider_id, practice_id, during, availability_type, is_medication)
     SELECT p.id, p.practice_id, tstzrange(t.start_at, t.start_at + interval '1 hour'),
            CASE WHEN p.id = ANY($5::uuid[]) AND abs(hashtext(p.id::text || d.n::text)) % 3 = 0 THEN 'in_person' ELSE 'online' END,
            p.offers_medication AND abs(hashtext(p.id::text || d.n::text || hr.h::text)) % 2 = 0
       FROM providers p
      CROSS JOIN generate_series(0, $2::int - 1) AS d(n)
      CROSS JOIN generate_series($3::int, $4::int) AS hr(h)
      CROSS JOIN LATERAL (SELECT ((($1::date + d.n) + make_time(hr.h, 0, 0)) AT TIME ZONE p.time_zone) AS start_at) t
      WHERE p.id = ANY($6::uuid[])
        AND extract(isodow FROM $1::date + d.n) <= 6
        AND abs(hashtext(p.id::text || ':' || extract(isodow FROM $1::date + d.n)::text)) % 10 < 7
        AND abs(hashtext(p.id::text || ':' || d.n::text || ':' || hr.h::text)) % 100 < 8 + abs(hashtext(p.id::text)) % 25`,
    [today, constants.availabilityWindowDays, FIRST_SLOT_HOUR, LAST_SLOT_HOUR, [...inPerson].filter((id) => providerIds.includes(id)), providerIds],
  );
}

/**
 * The one catalogue table the seed reads, as far as it reads it: pg_catalog is PostgreSQL's, not the
 * migrations', so it is declared here rather than generated (oids and regclass compared as SQL).
 */
type Catalogue = {
  pg_constraint: { oid: number; conname: string; conrelid: number; confrelid: number; contype: string };
};

/**
 * Loading slots into an empty table, its keys are set aside and put back (checked) once at the end:
 * one sorted build of the primary key, one GiST build and one join instead of a random-order B-tree
 * insert, a GiST probe and two foreign-key lookups for every row (the 50,000-provider bench database
 * has ~4.7 million slots). The tables that refer to slots are empty too when slots is, so their keys
 * to it are set aside with the primary key they need. The definitions are read from the catalogue,
 * so they come back exactly as the migrations made them; the DDL that drops and adds them stays SQL text.
 */
async function setSlotConstraintsAside(tx: Queryable): Promise<() => Promise<void>> {
  const any = await first(tx, qb.selectFrom('slots').select(sql.lit(1).as('one')).limit(1));
  if (any) return async () => undefined;
  const slots = sql<number>`'slots'::regclass`;
  // The primary key first (the others lean on it), then the exclusion constraint, then the foreign keys.
  const constraints = await all(
    tx,
    qb
      .withTables<Catalogue>()
      .selectFrom('pg_constraint')
      .select([sql<string>`conrelid::regclass::text`.as('tableName'), 'conname as name', sql<string>`pg_get_constraintdef(oid)`.as('definition')])
      .where((eb) =>
        eb.or([
          eb.and([eb('conrelid', '=', slots), eb('contype', 'in', [sql.lit('p'), sql.lit('f'), sql.lit('x')])]),
          eb.and([eb('confrelid', '=', slots), eb('contype', '=', sql.lit('f'))]),
        ]),
      )
      .orderBy(sql`conrelid <> ${slots}`)
      .orderBy(sql`array_position(ARRAY['p', 'x', 'f']::"char"[], contype)`)
      .orderBy('conname'),
  );
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  for (const c of [...constraints].reverse()) await tx.query(`ALTER TABLE ${c.tableName} DROP CONSTRAINT ${quote(c.name)}`);
  return async () => {
    for (const c of constraints) await tx.query(`ALTER TABLE ${c.tableName} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`);
  };
}

export async function seedMarketplace(tx: Queryable, providerCount: number, today = new Date()): Promise<MarketplaceSeedResult> {
  const rng = seededRandom(SEED);
  const partnerIdByCode = await seedPartners(tx, rng);
  const reference = await seedReference(tx);
  const practices = await seedPractices(tx, rng, Math.max(cities.length, Math.ceil(providerCount / PROVIDERS_PER_PRACTICE)));
  const day = today.toISOString().slice(0, 10);
  const providerIds: string[] = [];
  const restoreSlotConstraints = await setSlotConstraintsAside(tx);
  for (let start = 0; start < providerCount; start += BATCH) {
    const rows: unknown[][] = [];
    const inPerson = new Set<string>();
    for (let i = start; i < Math.min(providerCount, start + BATCH); i += 1) {
      // Every practice gets a provider before any gets a second, so every city has someone.
      const row = providerRow(rng, i, i < practices.length ? practices[i]! : rng.pick(practices), reference);
      if (row.pop() === true) inPerson.add(row[0] as string);
      rows.push([...row, ...providerIdentifiers(i)]);
    }
    await insertRows(
      tx,
      'providers',
      [
        'id',
        'first_name',
        'last_name',
        'title',
        'gender',
        'slug',
        'about',
        'pay_individual',
        'pay_follow_up',
        'practice_id',
        'time_zone',
        'licensed_states',
        'specialties',
        'filter_ids',
        'plan_ids',
        'offers_medication',
        'accepts_b2b',
        'removed_reason',
        'removed_at',
        'accepting_new_patients',
        'npi',
        'tin',
      ],
      rows,
      { licensed_states: 'text[]', specialties: 'text[]', filter_ids: 'int[]', plan_ids: 'int[]' },
    );
    const ids = rows.map((r) => r[0] as string);
    await seedSlots(tx, ids, inPerson, day);
    providerIds.push(...ids);
  }
  await restoreSlotConstraints();
  return { providerIds, partnerIdByCode };
}
