import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseOrderInput, prepareNotice, type NoticeType } from '../../../src/notices';
import { CTX, valid } from './fixtures';

/**
 * Golden notice texts, compared exactly. Regenerate after an intended wording change with
 *   UPDATE_GOLDEN=1 npx jest --selectProjects unit test/unit/notices/golden.test.ts
 * and review the diff of test/golden/ before committing.
 */
const GOLDEN_DIR = join(__dirname, '../../golden');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const LONG = 'very long description '.repeat(90).trim().slice(0, 2000);

const CASES: Array<[string, NoticeType, Record<string, unknown>]> = [
  ['hgv-new', 'hgv', { signOff: 'Acme Haulage Ltd, Transport Manager' }],
  [
    'hgv-variation',
    'hgv',
    {
      applicationKind: 'variation',
      licenceNumber: 'ob 123 4567',
      tradingName: undefined,
      vehicleCount: 1,
      trailerCount: 0,
      currentVehicleCount: 3,
      currentTrailerCount: 1,
      conditionChanges: 'Remove the condition restricting operating hours to 07:00-19:00',
    },
  ],
  [
    'hgv-scotland',
    'hgv',
    { postcode: 'EH6 6QW', operatingCentrePostcode: 'EH6 7BD', trafficArea: 'scotland' },
  ],
  ['probate-england', 'probate', { signOff: 'Smith & Co Solicitors, 5 Bond Street, Leeds' }],
  [
    'probate-northern-ireland',
    'probate',
    // The estate's land lies in Belfast (locusPostcode); the Belfast Gazette's Friday is the last notice.
    {
      postcode: 'BT1 5GS',
      locusPostcode: 'BT1 5GS',
      claimsDeadlineDate: '2027-05-05',
      deceasedOtherNames: 'Peggy Jones',
    },
  ],
  [
    'probate-scotland',
    'probate',
    {
      postcode: 'AB10 1XG',
      locusPostcode: 'AB10 1XG',
      claimsDeadlineDate: '2027-05-03',
      solicitorName: undefined,
      solicitorAddress: undefined,
      solicitorReference: undefined,
    },
  ],
  ['planning-major', 'planning', {}],
  [
    'planning-eia',
    'planning',
    { category: 'eia', commentDeadline: '2027-03-31', planningApplicantName: undefined },
  ],
  ['planning-long-description', 'planning', { developmentDescription: LONG, category: 'departure' }],
  [
    'planning-web-inspection',
    'planning',
    {
      inspectionPlace:
        'https://publicaccess.leeds.gov.uk/online-applications/applicationDetails.do?activeTab=documents&keyVal=26/01234/FU',
    },
  ],
  ['tro-proposal', 'tro', {}],
  [
    'tro-making-experimental',
    'tro',
    {
      stage: 'making',
      experimental: true,
      publicationDate: undefined,
      objectionDeadline: undefined,
      madeDate: '2026-11-16',
      comesIntoForceDate: '2026-12-07',
    },
  ],
  ['public-path-diversion', 'public_path', {}],
  [
    'public-path-dmmo',
    'public_path',
    {
      statute: 'wca_1981_s53',
      orderType: 'definitive_map_modification',
      objectionDeadline: '2027-04-12',
      objectionAddress: 'Rights of Way, Merrion House, Leeds',
    },
  ],
  ['highways-s116', 'highways', { hearingTime: '14:30' }],
  [
    'highways-s247',
    'highways',
    {
      statute: 'tcpa_1990_s247',
      authority: 'Secretary of State for Transport',
      applicantName: 'Department for Transport',
      objectionAddress:
        'National Transport Casework Team, Tyneside House, Skinnerburn Road, Newcastle upon Tyne, NE4 7AR',
      orderType: 'diversion',
      courtName: undefined,
      courtAddress: undefined,
      hearingDate: undefined,
      hearingTime: undefined,
      objectionDeadline: '2027-03-29',
    },
  ],
  [
    'markup-and-control-characters',
    'probate',
    {
      deceasedName: 'Margaret\u202e Jones<script>alert(1)</script>',
      deceasedAddress: '12 Park Lane,\r\n\r\nLeeds,\n\tLS6 2AB',
      signOff: 'Smith & Co\n\n\nSOLICITORS <b>bold</b> a > b',
      personalRepresentatives: 'Widgets <UK> LLP',
    },
  ],
];

describe('golden notice texts', () => {
  if (UPDATE) mkdirSync(GOLDEN_DIR, { recursive: true });

  it.each(CASES)('%s', (name, type, overrides) => {
    const text = prepareNotice(parseOrderInput(valid(type, overrides), CTX), CTX).noticeText;
    const file = join(GOLDEN_DIR, `${name}.txt`);
    if (UPDATE || !existsSync(file)) writeFileSync(file, `${text}\n`);
    expect(`${text}\n`).toBe(readFileSync(file, 'utf8'));
  });
});
