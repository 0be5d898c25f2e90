/**
 * Reference data of the demo marketplace: cities of the states of product-spec §9, filter values with
 * their descriptions, insurance carriers and plans (Medicaid plans marked), and business partners
 * with the partnership codes of the constant partnerPhoneLines.
 */
import { constants } from '@/generated/constants';
import { enums, type ChannelType, type DealStructure, type EnumName, type FilterType, type PartnerTier } from '@/generated/enums';
import { enumOptionsOf } from '@/domain/translations';
// The filters' Spanish words are read from the enumerations when this module loads: every language first.
import '@/generated/translations/all';

export interface City {
  name: string;
  state: string;
  zip: string;
  timeZone: string;
}

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/** Real cities with a downtown zip code; coordinates come from the zip code at seed time. */
export const cities: readonly City[] = [
  { name: 'Columbus', state: 'OH', zip: '43215', timeZone: ET },
  { name: 'Cleveland', state: 'OH', zip: '44114', timeZone: ET },
  { name: 'Cincinnati', state: 'OH', zip: '45202', timeZone: ET },
  { name: 'Atlanta', state: 'GA', zip: '30303', timeZone: ET },
  { name: 'Savannah', state: 'GA', zip: '31401', timeZone: ET },
  { name: 'Augusta', state: 'GA', zip: '30901', timeZone: ET },
  { name: 'Little Rock', state: 'AR', zip: '72201', timeZone: CT },
  { name: 'Fayetteville', state: 'AR', zip: '72701', timeZone: CT },
  { name: 'Houston', state: 'TX', zip: '77002', timeZone: CT },
  { name: 'Dallas', state: 'TX', zip: '75201', timeZone: CT },
  { name: 'Austin', state: 'TX', zip: '78701', timeZone: CT },
  { name: 'San Antonio', state: 'TX', zip: '78205', timeZone: CT },
  { name: 'El Paso', state: 'TX', zip: '79901', timeZone: MT },
  { name: 'Detroit', state: 'MI', zip: '48226', timeZone: 'America/Detroit' },
  { name: 'Grand Rapids', state: 'MI', zip: '49503', timeZone: 'America/Detroit' },
  { name: 'Philadelphia', state: 'PA', zip: '19103', timeZone: ET },
  { name: 'Pittsburgh', state: 'PA', zip: '15222', timeZone: ET },
  { name: 'Boston', state: 'MA', zip: '02108', timeZone: ET },
  { name: 'Worcester', state: 'MA', zip: '01608', timeZone: ET },
  { name: 'Richmond', state: 'VA', zip: '23219', timeZone: ET },
  { name: 'Virginia Beach', state: 'VA', zip: '23451', timeZone: ET },
  { name: 'Newark', state: 'NJ', zip: '07102', timeZone: ET },
  { name: 'Jersey City', state: 'NJ', zip: '07302', timeZone: ET },
  { name: 'Miami', state: 'FL', zip: '33131', timeZone: ET },
  { name: 'Orlando', state: 'FL', zip: '32801', timeZone: ET },
  { name: 'Tampa', state: 'FL', zip: '33602', timeZone: ET },
  { name: 'Pensacola', state: 'FL', zip: '32502', timeZone: CT },
  { name: 'Phoenix', state: 'AZ', zip: '85004', timeZone: 'America/Phoenix' },
  { name: 'Tucson', state: 'AZ', zip: '85701', timeZone: 'America/Phoenix' },
  { name: 'Baltimore', state: 'MD', zip: '21202', timeZone: ET },
  { name: 'Rockville', state: 'MD', zip: '20850', timeZone: ET },
  { name: 'Washington', state: 'DC', zip: '20001', timeZone: ET },
  { name: 'Charlotte', state: 'NC', zip: '28202', timeZone: ET },
  { name: 'Raleigh', state: 'NC', zip: '27601', timeZone: ET },
  { name: 'Portland', state: 'ME', zip: '04101', timeZone: ET },
  { name: 'Bangor', state: 'ME', zip: '04401', timeZone: ET },
  { name: 'Chicago', state: 'IL', zip: '60603', timeZone: CT },
  { name: 'Springfield', state: 'IL', zip: '62701', timeZone: CT },
  { name: 'Wilmington', state: 'DE', zip: '19801', timeZone: ET },
  { name: 'Dover', state: 'DE', zip: '19901', timeZone: ET },
  { name: 'Los Angeles', state: 'CA', zip: '90012', timeZone: PT },
  { name: 'San Francisco', state: 'CA', zip: '94103', timeZone: PT },
  { name: 'San Diego', state: 'CA', zip: '92101', timeZone: PT },
  { name: 'Sacramento', state: 'CA', zip: '95814', timeZone: PT },
  { name: 'Charleston', state: 'SC', zip: '29401', timeZone: ET },
  { name: 'Columbia', state: 'SC', zip: '29201', timeZone: ET },
  { name: 'Hartford', state: 'CT', zip: '06103', timeZone: ET },
  { name: 'New Haven', state: 'CT', zip: '06510', timeZone: ET },
  { name: 'Denver', state: 'CO', zip: '80202', timeZone: MT },
  { name: 'Colorado Springs', state: 'CO', zip: '80903', timeZone: MT },
  { name: 'Indianapolis', state: 'IN', zip: '46204', timeZone: 'America/Indiana/Indianapolis' },
  { name: 'Fort Wayne', state: 'IN', zip: '46802', timeZone: 'America/Indiana/Indianapolis' },
  { name: 'New Orleans', state: 'LA', zip: '70112', timeZone: CT },
  { name: 'Baton Rouge', state: 'LA', zip: '70801', timeZone: CT },
  { name: 'Seattle', state: 'WA', zip: '98101', timeZone: PT },
  { name: 'Spokane', state: 'WA', zip: '99201', timeZone: PT },
  { name: 'Manchester', state: 'NH', zip: '03101', timeZone: ET },
  { name: 'Concord', state: 'NH', zip: '03301', timeZone: ET },
];

/** The states served: both state lists of product-spec §9. */
export const servedStates: readonly string[] = [...constants.stateListPrimary, ...constants.stateListSecondary];

export interface FilterSeed {
  type: FilterType;
  value: string;
  description: string;
  displayValue?: string;
  /** the words in Spanish (filters.translations.es) */
  es: { displayValue: string; description: string };
}

/** An enumeration's option as specs/enums gives it (a description where the enumeration has them). */
type EnumOption = { value: string; label: string; description?: string };

const describe = (type: FilterType, values: readonly (readonly [string, string, string, string])[]): FilterSeed[] =>
  values.map(([value, description, esName, esDescription]) => ({ type, value, description, es: { displayValue: esName, description: esDescription } }));

/**
 * The filter values an enumeration gives (those of `only`, or all), in its order: each value's label and description, the
 * search filter's, as specs/enums has them in English and in Spanish (the .es.yaml twin).
 */
function fromEnum(type: FilterType, name: EnumName, only?: readonly string[]): FilterSeed[] {
  const spanish = enumOptionsOf(enums[name], 'es') as readonly EnumOption[];
  return (enums[name].options as readonly EnumOption[]).flatMap((o, i) => {
    if (only && !only.includes(o.value)) return [];
    const es = spanish[i]!;
    if (o.description === undefined || es.description === undefined)
      throw new Error(`specs/enums: ${name} ${o.value} has no description for the search filter.`);
    return [{ type, value: o.value, displayValue: o.label, description: o.description, es: { displayValue: es.label, description: es.description } }];
  });
}

export const filterSeeds: readonly FilterSeed[] = [
  ...fromEnum('availability_type', 'appointmentMode'),
  ...fromEnum('time_of_day', 'timeOfDay'),
  ...fromEnum('orderBy', 'sortOption'),
  ...fromEnum('counseling_type', 'counselingType'),
  // Unknown is a patient's record, not a provider a visitor looks for.
  ...fromEnum('gender', 'gender', ['Male', 'Female']),
  ...describe('area_of_concern', [
    ['Anxiety', 'Worry, panic and fear that get in the way of daily life.', 'Ansiedad', 'Preocupación, pánico y miedo que interfieren en la vida diaria.'],
    ['Depression', 'Low mood, loss of interest and low energy.', 'Depresión', 'Ánimo bajo, pérdida de interés y poca energía.'],
    [
      'Trauma and PTSD',
      'Healing after distressing or life-threatening events.',
      'Trauma y TEPT',
      'Sanar después de sucesos angustiosos o que pusieron en peligro la vida.',
    ],
    ['Grief and loss', 'Coping with the death of someone close or other losses.', 'Duelo y pérdida', 'Afrontar la muerte de un ser querido u otras pérdidas.'],
    [
      'Relationship issues',
      'Conflict, communication and trust between partners or family.',
      'Problemas de pareja o familiares',
      'Conflictos, comunicación y confianza en la pareja o la familia.',
    ],
    ['ADHD', 'Attention, focus and impulsivity at any age.', 'TDAH', 'Atención, concentración e impulsividad a cualquier edad.'],
    ['Bipolar disorder', 'Managing shifts in mood and energy.', 'Trastorno bipolar', 'Manejar los cambios de ánimo y de energía.'],
    ['OCD', 'Intrusive thoughts and repetitive behaviours.', 'TOC', 'Pensamientos intrusivos y conductas repetitivas.'],
    ['Stress', 'Work, school and life pressures.', 'Estrés', 'Presiones del trabajo, la escuela y la vida.'],
    ['Substance use', 'Alcohol and drug use, and recovery.', 'Consumo de sustancias', 'Consumo de alcohol y drogas, y recuperación.'],
    ['Eating disorders', 'Food, weight and body image.', 'Trastornos de la conducta alimentaria', 'Comida, peso e imagen corporal.'],
    ['Sleep problems', 'Insomnia and disrupted sleep.', 'Problemas de sueño', 'Insomnio y sueño interrumpido.'],
    ['Life transitions', 'Moves, new jobs, retirement and other changes.', 'Cambios de vida', 'Mudanzas, nuevos empleos, jubilación y otros cambios.'],
    ['Parenting', 'Support for parents and caregivers.', 'Crianza', 'Apoyo para madres, padres y cuidadores.'],
  ]),
  ...describe('language', [
    ['English', 'Sessions in English.', 'Inglés', 'Sesiones en inglés.'],
    ['Spanish', 'Sesiones en español.', 'Español', 'Sesiones en español.'],
    ['Mandarin', 'Sessions in Mandarin Chinese.', 'Mandarín', 'Sesiones en chino mandarín.'],
    ['Vietnamese', 'Sessions in Vietnamese.', 'Vietnamita', 'Sesiones en vietnamita.'],
    ['Arabic', 'Sessions in Arabic.', 'Árabe', 'Sesiones en árabe.'],
    ['French', 'Séances en français.', 'Francés', 'Sesiones en francés.'],
    ['Hindi', 'Sessions in Hindi.', 'Hindi', 'Sesiones en hindi.'],
    ['Korean', 'Sessions in Korean.', 'Coreano', 'Sesiones en coreano.'],
    ['Portuguese', 'Sessões em português.', 'Portugués', 'Sesiones en portugués.'],
    ['American Sign Language', 'Sessions in American Sign Language.', 'Lengua de señas americana', 'Sesiones en lengua de señas americana (ASL).'],
  ]),
  ...describe('counseling_approach', [
    [
      'Cognitive Behavioral Therapy (CBT)',
      'Changing unhelpful thoughts and behaviours.',
      'Terapia cognitivo-conductual (TCC)',
      'Cambiar pensamientos y conductas que no ayudan.',
    ],
    [
      'Dialectical Behavior Therapy (DBT)',
      'Skills for emotions, distress and relationships.',
      'Terapia dialéctico-conductual (TDC)',
      'Habilidades para las emociones, la angustia y las relaciones.',
    ],
    [
      'EMDR',
      'Eye movement desensitization and reprocessing for trauma.',
      'EMDR',
      'Desensibilización y reprocesamiento por movimientos oculares para el trauma.',
    ],
    ['Psychodynamic', 'Understanding how the past shapes the present.', 'Psicodinámica', 'Comprender cómo el pasado influye en el presente.'],
    ['Mindfulness-based', 'Attention to the present moment, without judgement.', 'Basada en la atención plena', 'Atención al momento presente, sin juzgar.'],
    ['Solution-focused', 'Short-term work toward concrete goals.', 'Centrada en soluciones', 'Trabajo a corto plazo hacia metas concretas.'],
    [
      'Acceptance and Commitment Therapy (ACT)',
      'Acting on your values alongside difficult feelings.',
      'Terapia de aceptación y compromiso (ACT)',
      'Actuar según sus valores junto con los sentimientos difíciles.',
    ],
    ['Family systems', 'Looking at the family as a whole.', 'Sistémica familiar', 'Mirar a la familia en su conjunto.'],
    ['Motivational interviewing', 'Finding your own reasons for change.', 'Entrevista motivacional', 'Encontrar sus propias razones para cambiar.'],
  ]),
  ...fromEnum('client_age_group', 'clientAgeGroup'),
  // Adults, which the questionnaire's child therapy does not ask about (so not in the enumeration).
  ...(
    [
      ['18-64', '18-64 years old', 'Clients 18-64 years old.', 'De 18 a 64 años', 'Clientes: de 18 a 64 años.'],
      ['65+', '65 years and older', 'Clients 65 years and older.', '65 años o más', 'Clientes: 65 años o más.'],
    ] as const
  ).map(([value, displayValue, description, esName, esDescription]) => ({
    type: 'client_age_group' as const,
    value,
    displayValue,
    description,
    es: { displayValue: esName, description: esDescription },
  })),
  ...describe('tag', [
    ['Accepting new clients', 'Has openings for new clients.', 'Acepta clientes nuevos', 'Tiene lugar para clientes nuevos.'],
    ['Evening hours', 'Offers sessions after 5pm.', 'Horario vespertino', 'Ofrece sesiones después de las 5 p. m.'],
    ['LGBTQ+ affirming', 'Affirming care for LGBTQ+ clients.', 'Afirmativo LGBTQ+', 'Atención afirmativa para clientes LGBTQ+.'],
    ['Veteran focused', 'Experience with veterans and military families.', 'Enfocado en veteranos', 'Experiencia con veteranos y familias militares.'],
    ['Faith-based', 'Can include faith in sessions.', 'Basado en la fe', 'Puede incluir la fe en las sesiones.'],
  ]),
];

export interface CarrierSeed {
  code: string;
  name: string;
  plans: readonly { name: string; isMedicaid: boolean }[];
}

export const carrierSeeds: readonly CarrierSeed[] = [
  {
    code: 'AETNA',
    name: 'Aetna',
    plans: [
      { name: 'Aetna PPO', isMedicaid: false },
      { name: 'Aetna HMO', isMedicaid: false },
      { name: 'Aetna Better Health', isMedicaid: true },
    ],
  },
  {
    code: 'BCBS',
    name: 'Blue Cross Blue Shield',
    plans: [
      { name: 'Blue Cross PPO', isMedicaid: false },
      { name: 'Blue Choice HMO', isMedicaid: false },
    ],
  },
  {
    code: 'CIGNA',
    name: 'Cigna',
    plans: [
      { name: 'Cigna Open Access Plus', isMedicaid: false },
      { name: 'Cigna HMO', isMedicaid: false },
    ],
  },
  {
    code: 'UHC',
    name: 'UnitedHealthcare',
    plans: [
      { name: 'UnitedHealthcare Choice Plus', isMedicaid: false },
      { name: 'UnitedHealthcare Community Plan', isMedicaid: true },
    ],
  },
  {
    code: 'HUMANA',
    name: 'Humana',
    plans: [
      { name: 'Humana PPO', isMedicaid: false },
      { name: 'Humana Healthy Horizons', isMedicaid: true },
    ],
  },
  {
    code: 'MOLINA',
    name: 'Molina Healthcare',
    plans: [
      { name: 'Molina Medicaid', isMedicaid: true },
      { name: 'Molina Marketplace', isMedicaid: false },
    ],
  },
];

export interface PartnerSeed {
  name: string;
  partnershipCode: string;
  channelType: ChannelType;
  dealStructure: DealStructure;
  tierName: PartnerTier;
  hidePaymentInput: boolean;
  hideInsuranceInput: boolean;
  hidePostBookingModalCopy: boolean;
  authorizationRequired: boolean;
  isCreditCardOptional: boolean;
  customSuccessMessage: string | null;
  customFailureMessage: string | null;
}

const partnerDetails: Record<string, Omit<PartnerSeed, 'partnershipCode'>> = {
  'ACME-EAP': {
    name: 'Acme Corporation EAP',
    channelType: 'Business Contract',
    dealStructure: 'Fully Covered',
    tierName: 'premier',
    hidePaymentInput: true,
    hideInsuranceInput: true,
    hidePostBookingModalCopy: false,
    authorizationRequired: false,
    isCreditCardOptional: true,
    // Shown when the code is confirmed, before any session is chosen, and again on the booking's confirmation.
    customSuccessMessage: 'Your Acme employee assistance benefit covers your sessions with our providers.',
    customFailureMessage: 'We could not confirm your Acme benefit. Please check your partnership code.',
  },
  'HARBOR-HEALTH': {
    name: 'Harbor Health System',
    channelType: 'Medical Referral',
    dealStructure: 'Non-Conforming',
    tierName: 'premier',
    hidePaymentInput: false,
    hideInsuranceInput: false,
    hidePostBookingModalCopy: true,
    authorizationRequired: true,
    isCreditCardOptional: false,
    customSuccessMessage: 'Your Harbor Health referral is confirmed.',
    customFailureMessage: null,
  },
  'NORTHSTAR-U': {
    name: 'Northstar University',
    channelType: 'Channel Partner',
    dealStructure: 'Fully Covered',
    tierName: 'standard',
    hidePaymentInput: true,
    hideInsuranceInput: true,
    hidePostBookingModalCopy: false,
    authorizationRequired: false,
    isCreditCardOptional: true,
    customSuccessMessage: 'Northstar students and staff are covered.',
    customFailureMessage: null,
  },
  'SUMMIT-WORKS': {
    name: 'Summit Works',
    channelType: 'Marketing Partner',
    dealStructure: 'Not Specified',
    tierName: 'standard',
    hidePaymentInput: false,
    hideInsuranceInput: false,
    hidePostBookingModalCopy: false,
    authorizationRequired: false,
    isCreditCardOptional: true,
    customSuccessMessage: null,
    customFailureMessage: null,
  },
  'BRIDGE-CARE': {
    name: 'Bridge Care Network',
    channelType: 'Business Contract',
    dealStructure: 'None',
    tierName: 'standard',
    hidePaymentInput: false,
    hideInsuranceInput: false,
    hidePostBookingModalCopy: false,
    authorizationRequired: true,
    isCreditCardOptional: false,
    customSuccessMessage: null,
    customFailureMessage: 'Bridge Care members need an authorization before booking.',
  },
};

export const partnerSeeds: readonly (PartnerSeed & { phone: string })[] = constants.partnerPhoneLines.map((line) => ({
  ...partnerDetails[line.partnershipCode]!,
  partnershipCode: line.partnershipCode,
  phone: line.phone,
}));

export const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Harper',
  'Aiden',
  'Evelyn',
  'Daniel',
  'Abigail',
  'Henry',
  'Priya',
  'Wei',
  'Fatima',
  'Diego',
  'Aisha',
  'Kenji',
  'Lucia',
  'Omar',
  'Grace',
  'Samuel',
  'Nora',
  'David',
  'Leah',
  'Marcus',
  'Hannah',
  'Andre',
  'Camila',
  'Julian',
  'Zoe',
  'Gabriel',
  'Maya',
  'Isaac',
  'Chloe',
  'Adrian',
  'Rosa',
] as const;

export const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Haddad',
  'Novak',
  "O'Brien",
  'Fitzgerald',
  'Castillo',
  'Singh',
] as const;

export const streetNames = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Park Blvd',
  'Cedar Ln',
  'Elm St',
  'Washington Ave',
  'Lakeview Dr',
  'Market St',
  'River Rd',
] as const;
export const practiceSuffixes = [
  'Counseling Center',
  'Behavioral Health',
  'Wellness Group',
  'Mind and Body Clinic',
  'Family Therapy Associates',
  'Psychiatric Care',
] as const;
