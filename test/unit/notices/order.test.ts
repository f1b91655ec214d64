import { NOTICE_TYPES, parseOrderInput } from '../../../src/notices';
import { CTX, issuesOf, pathsOf, PROBATE_REQUIRED_PATHS, thrown, valid } from './fixtures';

describe('parseOrderInput: the type gate', () => {
  it.each(NOTICE_TYPES)('accepts a valid %s order', (type) => {
    expect(parseOrderInput(valid(type), CTX).type).toBe(type);
  });

  it.each(['premises_licence', 'HGV', 'probate ', 'unknown'])(
    'rejects type %p as unsupported_type',
    (type) => {
      const error = thrown(() => parseOrderInput({ ...valid('hgv'), type }, CTX));
      expect(error.code).toBe('unsupported_type');
      expect(error.details).toEqual({ type, supportedTypes: [...NOTICE_TYPES] });
    },
  );

  it('echoes at most 64 characters of an unsupported type, so a huge one never makes a huge refusal', () => {
    const error = thrown(() => parseOrderInput({ ...valid('hgv'), type: 'x'.repeat(90_000) }, CTX));
    expect(error.code).toBe('unsupported_type');
    expect(error.details).toEqual({ type: `${'x'.repeat(64)}…`, supportedTypes: [...NOTICE_TYPES] });
    expect(error.message.length).toBeLessThan(200);
  });

  it('explains that premises licences go through the portal', () => {
    expect(thrown(() => parseOrderInput({ type: 'premises_licence' }, CTX)).message).toMatch(/portal/);
  });

  it.each([undefined, null, 42, ['hgv']])('reports a missing or non-string type %p on $.type', (type) => {
    const paths = pathsOf(() => parseOrderInput({ ...valid('probate'), type }, CTX));
    expect(paths).toEqual(['$.type']);
  });

  it('with no type still reports the shared fields', () => {
    expect(pathsOf(() => parseOrderInput({ postcode: 'nope', contactEmail: 'x' }, CTX))).toEqual([
      '$.type',
      '$.postcode',
      '$.applicantName',
      '$.applicantAddress',
      '$.contactEmail',
    ]);
  });

  it.each([null, 'text', 42, []])('rejects a non-object body %p', (body) => {
    expect(issuesOf(() => parseOrderInput(body, CTX))).toEqual([
      { path: '$', message: 'The request body must be a JSON object.' },
    ]);
  });

  it('refuses a malformed today', () => {
    expect(() => parseOrderInput(valid('hgv'), { today: '2026-02-30' })).toThrow(TypeError);
  });
});

describe('parseOrderInput: shared fields', () => {
  it('normalises the shared fields', () => {
    const order = parseOrderInput(
      valid('hgv', {
        postcode: ' ls14ap ',
        applicantName: '  Acme\n Haulage ',
        contactEmail: ' notices@example.co.uk ',
        clientRef: ' REF-1 ',
        signOff: 'Acme <i>Ltd</i>',
        newspaperName: '  yorkshire   EVENING post ',
      }),
      CTX,
    );
    expect(order).toMatchObject({
      postcode: 'LS1 4AP',
      applicantName: 'Acme Haulage',
      applicantAddress: '1 High Street, Leeds, LS1 1AA',
      contactEmail: 'notices@example.co.uk',
      clientRef: 'REF-1',
      signOff: 'Acme Ltd',
      newspaperName: 'Yorkshire Evening Post',
    });
  });

  it('collects every failing field, not just the first', () => {
    const issues = issuesOf(() =>
      parseOrderInput(
        valid('hgv', {
          postcode: 'JE2 3AB',
          applicantName: '',
          applicantAddress: 'x'.repeat(501),
          contactEmail: 'not-an-email',
          publicationDate: '2026-02-30',
          clientRef: 'r'.repeat(101),
          signOff: 7,
          newspaperName: 'The Daily Planet',
          vehicleCount: -1,
          trailerCount: 1.5,
          trafficArea: 'mars',
          colour: 'red',
        }),
        CTX,
      ),
    );
    expect(issues.map((i) => i.path)).toEqual([
      '$.postcode',
      '$.applicantName',
      '$.applicantAddress',
      '$.contactEmail',
      '$.publicationDate',
      '$.clientRef',
      '$.signOff',
      '$.newspaperName',
      '$.vehicleCount',
      '$.trailerCount',
      '$.trafficArea',
      '$.colour',
    ]);
    expect(issues).toContainEqual({ path: '$.colour', message: 'Unknown field.' });
    expect(issues).toContainEqual({ path: '$.vehicleCount', message: 'Must not be negative.' });
    expect(issues).toContainEqual({ path: '$.trailerCount', message: 'Must be a whole number.' });
    expect(issues).toContainEqual({ path: '$.contactEmail', message: 'Must be a valid email address.' });
    expect(issues).toContainEqual({ path: '$.newspaperName', message: 'Must match a known newspaper name.' });
    expect(issues).toContainEqual({ path: '$.signOff', message: 'Must be a string.' });
    expect(issues.find((i) => i.path === '$.trafficArea')?.message).toMatch(
      /^Must be one of: eastern, north_eastern/,
    );
  });

  it('reports each missing required field as required', () => {
    const issues = issuesOf(() => parseOrderInput({ type: 'probate' }, CTX));
    expect(issues.every((i) => i.message === 'Is required.')).toBe(true);
    expect(issues.map((i) => i.path)).toEqual([
      '$.postcode',
      '$.applicantName',
      '$.applicantAddress',
      '$.contactEmail',
      ...PROBATE_REQUIRED_PATHS,
    ]);
  });

  it('treats null as not given', () => {
    expect(parseOrderInput(valid('hgv', { clientRef: null, signOff: null }), CTX)).not.toHaveProperty(
      'clientRef',
    );
    expect(pathsOf(() => parseOrderInput(valid('hgv', { applicantName: null }), CTX))).toEqual([
      '$.applicantName',
    ]);
  });

  it('rejects a publication date in the past, accepts today, and rejects one over a year ahead', () => {
    const on = (publicationDate: string) =>
      valid('hgv', { publicationDate, applicationDate: publicationDate });
    expect(issuesOf(() => parseOrderInput(on('2026-11-19'), CTX))).toEqual([
      { path: '$.publicationDate', message: 'Must not be in the past.' },
    ]);
    expect(parseOrderInput(on('2026-11-20'), CTX).publicationDate).toBe('2026-11-20');
    expect(pathsOf(() => parseOrderInput(on('2027-11-21'), CTX))).toEqual(['$.publicationDate']);
  });

  it.each(['2027-3-01', '2027-03-01T09:00:00Z', '1 March 2027', 20270301])(
    'rejects publication date %p',
    (date) => {
      expect(pathsOf(() => parseOrderInput(valid('hgv', { publicationDate: date }), CTX))).toEqual([
        '$.publicationDate',
      ]);
    },
  );

  it.each([
    ['hgv', 'BT1 5GS', 'trafficArea', 'Northern Ireland'],
    ['public_path', 'G1 1AA', 'madeDate', 'Scotland'],
    ['highways', 'BT7 1NN', 'courtName', 'Northern Ireland'],
  ] as const)(
    "answers %s notices at %s by that nation's law, naming it for a field only other nations use",
    (type, postcode, field, nation) => {
      // The hgv notice's place is its operating centre: move it there too.
      const centre = type === 'hgv' ? { operatingCentrePostcode: postcode } : {};
      const issues = issuesOf(() => parseOrderInput(valid(type, { postcode, ...centre }), CTX));
      expect(issues).toContainEqual({
        path: `$.${field}`,
        message: expect.stringContaining(`Is not used for ${type} notices in ${nation}`),
      });
      expect(issues.map((i) => i.path)).not.toContain('$.postcode');
    },
  );

  it('rejects over-long words that would break a column', () => {
    expect(pathsOf(() => parseOrderInput(valid('hgv', { applicantName: 'A'.repeat(61) }), CTX))).toEqual([
      '$.applicantName',
    ]);
  });
});
