/**
 * How opticians in each of the shop's six languages print a spectacle prescription: eye labels,
 * column words, the way they write numbers and dates, and the words around the table. Each list
 * holds variants; a slip picks one of each.
 */
import type { PrismBase } from '../../rules/eyewear/prescription';

export type SlipLanguage = 'en-US' | 'en-GB' | 'fr' | 'de' | 'es' | 'nl';
export const SLIP_LANGUAGES: readonly SlipLanguage[] = ['en-US', 'en-GB', 'fr', 'de', 'es', 'nl'];

export type DateOrder = 'mdy' | 'dmy';

export interface LanguageWords {
  /** Right eye / left eye labels, as pairs that go together. */
  eyes: readonly (readonly [string, string])[];
  sph: readonly string[];
  cyl: readonly string[];
  axis: readonly string[];
  add: readonly string[];
  prism: readonly string[];
  base: readonly string[];
  pd: readonly string[];
  /** Labels for a PD per eye ("PD R / L"). */
  pdPerEye: readonly string[];
  /** How a zero sphere is printed. */
  plano: readonly string[];
  /** What stands in the CYL cell of an eye without cylinder ('' for an empty cell). */
  noCyl: readonly string[];
  baseWords: Record<PrismBase, readonly string[]>;
  title: readonly string[];
  examDate: readonly string[];
  patient: readonly string[];
  birthDate: readonly string[];
  signature: readonly string[];
  footer: readonly string[];
  clinics: readonly string[];
  cities: readonly string[];
  streets: readonly string[];
  names: readonly string[];
  /** Usage notes printed under a table (progressive, reading…). */
  notes: readonly string[];
  /** The decimal separator(s) this language prints, the first the usual one. */
  decimal: readonly (',' | '.')[];
  /** Date format: order and separator. */
  date: { order: DateOrder; separator: string };
}

const enBase: Record<PrismBase, readonly string[]> = { up: ['BU', 'Up'], down: ['BD', 'Down'], in: ['BI', 'In'], out: ['BO', 'Out'] };

export const LANGUAGES: Record<SlipLanguage, LanguageWords> = {
  'en-US': {
    eyes: [
      ['OD', 'OS'],
      ['O.D.', 'O.S.'],
      ['OD (Right)', 'OS (Left)'],
    ],
    sph: ['SPH', 'Sphere', 'Sph'],
    cyl: ['CYL', 'Cylinder', 'Cyl'],
    axis: ['AXIS', 'Axis'],
    add: ['ADD', 'Add'],
    prism: ['PRISM', 'Prism'],
    base: ['BASE', 'Base'],
    pd: ['PD', 'P.D.', 'Pupillary Distance'],
    pdPerEye: ['PD', 'Mono PD'],
    plano: ['PL', 'Plano', '0.00'],
    noCyl: ['', 'SPH', 'DS', '—'],
    baseWords: enBase,
    title: ['Eyeglass Prescription', 'Spectacle Rx', 'Rx — Eyeglasses'],
    examDate: ['Exam date', 'Date of exam', 'Date'],
    patient: ['Patient', 'Name'],
    birthDate: ['DOB', 'Date of birth'],
    signature: ['Signature', "Doctor's signature", 'O.D. signature'],
    footer: ['This prescription expires 2 years from the exam date.', 'Valid for eyeglasses only. Not valid for contact lenses.'],
    clinics: ['Clearview Eye Care', 'Main Street Optometry', 'Bright Vision Associates', 'Lakeside Family Eye Center'],
    cities: ['Springfield, IL 62704', 'Portland, OR 97205', 'Madison, WI 53703', 'Austin, TX 78701'],
    streets: ['1420 Oak Avenue, Suite 200', '88 Main Street', '305 Maple Drive', '12 Harbor Road'],
    names: ['Dr. Emily Carter, OD', 'Dr. James Nguyen, OD', 'Dr. Sarah Patel, OD', 'Dr. Michael Brooks, OD'],
    notes: ['Progressive lenses recommended', 'Single vision distance', 'Anti-reflective coating advised', 'Computer / reading'],
    decimal: ['.'],
    date: { order: 'mdy', separator: '/' },
  },
  'en-GB': {
    eyes: [
      ['RE', 'LE'],
      ['R', 'L'],
      ['Right', 'Left'],
    ],
    sph: ['Sph', 'SPH', 'Sphere'],
    cyl: ['Cyl', 'CYL', 'Cylinder'],
    axis: ['Axis', 'AXIS'],
    add: ['Add', 'Near Add', 'ADD'],
    prism: ['Prism', 'Prism Δ'],
    base: ['Base'],
    pd: ['PD', 'Pupillary distance', 'PD (mm)'],
    pdPerEye: ['PD', 'Mono PD'],
    plano: ['Plano', 'PL', '0.00', '±0.00'],
    noCyl: ['', 'DS', 'sph', '—'],
    baseWords: enBase,
    title: ['Spectacle Prescription', 'Optical Prescription', 'Sight Test Result'],
    examDate: ['Date of test', 'Date of examination', 'Test date'],
    patient: ['Patient', 'Name'],
    birthDate: ['Date of birth', 'DOB'],
    signature: ['Optometrist signature', 'Signed', 'Signature of optometrist'],
    footer: ['Prescription issued under the Opticians Act 1989.', 'Recommended re-test in 2 years.'],
    clinics: ['High Street Opticians', 'Riverside Eyecare', 'Kensington Optometrists', 'The Eye Practice'],
    cities: ['Leeds LS1 4AP', 'Bristol BS1 5TR', 'London W8 5SA', 'York YO1 7HH'],
    streets: ['23 High Street', '4 Riverside Walk', '112 Kensington Church Street', '9 Stonegate'],
    names: ['Claire Hughes MCOptom', 'David Evans MCOptom', 'Priya Shah BSc MCOptom', 'Tom Wright MCOptom'],
    notes: ['Varifocals advised', 'Distance vision', 'Reading glasses', 'Suitable for driving'],
    decimal: ['.'],
    date: { order: 'dmy', separator: '/' },
  },
  fr: {
    eyes: [
      ['OD', 'OG'],
      ['Œil droit', 'Œil gauche'],
      ['OD (droit)', 'OG (gauche)'],
    ],
    sph: ['Sphère', 'Sph', 'SPH'],
    cyl: ['Cylindre', 'Cyl', 'CYL'],
    axis: ['Axe', 'AXE'],
    add: ['Addition', 'Add', 'ADD'],
    prism: ['Prisme'],
    base: ['Base'],
    pd: ['Écart pupillaire', 'EP', 'DP', 'Écart pupillaire (mm)'],
    pdPerEye: ['½ EP', 'EP', 'DP'],
    plano: ['Plan', 'PL', '0,00'],
    noCyl: ['', '—', 'sph'],
    baseWords: { up: ['haut', 'sup.'], down: ['bas', 'inf.'], in: ['int.', 'nasale'], out: ['ext.', 'temporale'] },
    title: ['Ordonnance de verres correcteurs', 'Prescription de lunettes', 'Ordonnance optique'],
    examDate: ["Date de l'examen", 'Date', 'Examen du'],
    patient: ['Patient', 'Nom'],
    birthDate: ['Né(e) le', 'Date de naissance'],
    signature: ['Signature et cachet', 'Signature du praticien', 'Signature'],
    footer: ['Ordonnance valable 3 ans pour le renouvellement des verres.', 'Renouvellement possible chez l’opticien.'],
    clinics: ['Cabinet d’ophtalmologie Saint-Michel', 'Centre Vision Lumière', 'Dr Martin — Ophtalmologiste', 'Optique des Halles'],
    cities: ['75005 Paris', '69002 Lyon', '33000 Bordeaux', '31000 Toulouse'],
    streets: ['14 rue Soufflot', '3 place Bellecour', '27 cours de l’Intendance', '8 rue d’Alsace-Lorraine'],
    names: ['Dr Claire Martin', 'Dr Julien Moreau', 'Dr Sophie Lefèvre', 'Dr Antoine Girard'],
    notes: ['Verres progressifs', 'Vision de loin', 'Vision de près', 'Traitement antireflet conseillé'],
    decimal: [','],
    date: { order: 'dmy', separator: '/' },
  },
  de: {
    eyes: [
      ['R', 'L'],
      ['Rechts', 'Links'],
      ['R (rechts)', 'L (links)'],
    ],
    sph: ['Sph', 'Sphäre', 'SPH'],
    cyl: ['Zyl', 'Zylinder', 'ZYL'],
    axis: ['Achse', 'A'],
    add: ['Add', 'Addition'],
    prism: ['Prisma'],
    base: ['Basis'],
    pd: ['PD', 'PA', 'Pupillendistanz'],
    pdPerEye: ['PD', 'PA'],
    plano: ['0,00', '±0,00', 'plan'],
    noCyl: ['', '—', 'sph'],
    baseWords: { up: ['oben', '90°'], down: ['unten', '270°'], in: ['innen', 'nasal'], out: ['außen', 'temporal'] },
    title: ['Brillenverordnung', 'Brillenpass', 'Brillenrezept'],
    examDate: ['Datum der Refraktion', 'Untersuchungsdatum', 'Datum'],
    patient: ['Patient', 'Name'],
    birthDate: ['Geb.', 'Geburtsdatum'],
    signature: ['Unterschrift', 'Stempel / Unterschrift', 'Unterschrift Augenoptiker'],
    footer: ['Bitte bringen Sie diesen Brillenpass zu Ihrem nächsten Termin mit.', 'Refraktion durch Augenoptikermeister.'],
    clinics: ['Augenoptik Schneider', 'Optik am Markt', 'Augenarztpraxis Dr. Weber', 'Brillenhaus Hoffmann'],
    cities: ['80331 München', '50667 Köln', '20095 Hamburg', '04109 Leipzig'],
    streets: ['Marienplatz 5', 'Hohe Straße 112', 'Mönckebergstraße 7', 'Grimmaische Straße 20'],
    names: ['Dr. med. Anna Weber', 'Thomas Schneider, Augenoptikermeister', 'Dr. Jonas Becker', 'Julia Hoffmann, M.Sc.'],
    notes: ['Gleitsichtgläser', 'Fernbrille', 'Lesebrille', 'Arbeitsplatzbrille'],
    decimal: [',', '.'],
    date: { order: 'dmy', separator: '.' },
  },
  es: {
    eyes: [
      ['OD', 'OI'],
      ['Ojo dcho.', 'Ojo izdo.'],
      ['OD (derecho)', 'OI (izquierdo)'],
    ],
    sph: ['Esfera', 'Esf', 'ESF'],
    cyl: ['Cilindro', 'Cil', 'CIL'],
    axis: ['Eje', 'EJE'],
    add: ['Adición', 'Add', 'ADD'],
    prism: ['Prisma'],
    base: ['Base'],
    pd: ['DP', 'Distancia pupilar', 'DNP'],
    pdPerEye: ['DNP', 'DP'],
    plano: ['Plano', 'PL', '0,00'],
    noCyl: ['', '—', 'esf'],
    baseWords: { up: ['superior', 'arriba'], down: ['inferior', 'abajo'], in: ['nasal', 'interna'], out: ['temporal', 'externa'] },
    title: ['Receta de gafas', 'Prescripción óptica', 'Graduación'],
    examDate: ['Fecha del examen', 'Fecha', 'Fecha de revisión'],
    patient: ['Paciente', 'Nombre'],
    birthDate: ['Fecha de nacimiento', 'F. nac.'],
    signature: ['Firma del óptico-optometrista', 'Firma', 'Firma y sello'],
    footer: ['Se recomienda revisión anual.', 'Graduación válida para gafas graduadas.'],
    clinics: ['Óptica Cervantes', 'Centro Óptico Alameda', 'Clínica Oftalmológica Levante', 'Ópticas del Sol'],
    cities: ['28013 Madrid', '08002 Barcelona', '46001 Valencia', '41001 Sevilla'],
    streets: ['Calle Mayor 24', 'Passeig de Gràcia 55', 'Avenida del Puerto 8', 'Calle Sierpes 3'],
    names: ['Laura García, Óptica-Optometrista', 'Javier López, O.O.', 'Marta Sánchez, O.O.', 'Dr. Pablo Ruiz'],
    notes: ['Lentes progresivas', 'Visión lejana', 'Visión próxima', 'Tratamiento antirreflejante'],
    decimal: [','],
    date: { order: 'dmy', separator: '/' },
  },
  nl: {
    eyes: [
      ['R', 'L'],
      ['OD', 'OS'],
      ['Rechts', 'Links'],
    ],
    sph: ['Sfeer', 'S', 'Sph'],
    cyl: ['Cilinder', 'C', 'Cyl'],
    axis: ['As', 'AS'],
    add: ['Add', 'Additie'],
    prism: ['Prisma'],
    base: ['Basis'],
    pd: ['PA', 'PD', 'Pupilafstand'],
    pdPerEye: ['PA', 'PD'],
    plano: ['0,00', 'Plano', 'PL'],
    noCyl: ['', '—', 'sph'],
    baseWords: { up: ['boven', 'op'], down: ['onder', 'neer'], in: ['in', 'nasaal'], out: ['uit', 'temporaal'] },
    title: ['Brilrecept', 'Brilvoorschrift', 'Refractiegegevens'],
    examDate: ['Datum onderzoek', 'Datum', 'Onderzocht op'],
    patient: ['Patiënt', 'Naam'],
    birthDate: ['Geboortedatum', 'Geb.datum'],
    signature: ['Handtekening optometrist', 'Handtekening', 'Paraaf'],
    footer: ['Dit recept is twee jaar geldig.', 'Neem dit recept mee naar uw opticien.'],
    clinics: ['Optiek Van Dijk', 'Oogzorg Centrum Utrecht', 'Brillenhuis De Jong', 'Optometrie Praktijk Bakker'],
    cities: ['1012 AB Amsterdam', '3511 LN Utrecht', '2511 CV Den Haag', '9711 LE Groningen'],
    streets: ['Kalverstraat 92', 'Oudegracht 145', 'Spuistraat 30', 'Herestraat 11'],
    names: ['Sanne van Dijk, optometrist', 'Pieter de Jong, optometrist', 'Dr. Femke Bakker', 'Lars Visser, optometrist'],
    notes: ['Multifocale glazen', 'Verrekijkbril', 'Leesbril', 'Beeldschermbril'],
    decimal: [',', '.'],
    date: { order: 'dmy', separator: '-' },
  },
};

/** A date (YYYY-MM-DD) as the language prints it. */
export function formatSlipDate(iso: string, language: SlipLanguage): string {
  const [year, month, day] = iso.split('-');
  const { order, separator } = LANGUAGES[language].date;
  return (order === 'mdy' ? [month, day, year] : [day, month, year]).join(separator);
}
