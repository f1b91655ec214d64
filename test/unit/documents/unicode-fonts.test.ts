import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { renderCertificate } from '../../../src/documents/certificate';
import { renderProof } from '../../../src/documents/proof';
import { renderPdf } from '../../../src/documents/render';
import { RENDER_THREAD_NICENESS } from '../../../src/documents/render-job';
import { closeRenderPool, renderDocument } from '../../../src/documents/render-pool';
import { pdfText } from '../../support/pdf-text';
import { certificateFacts, TEST_ISSUER, testSigning } from '../../support/documents';
import { anOrder } from '../../support/order-fixture';

/** Names as customers send them: Welsh, Gaelic, Polish, Vietnamese. */
const NAMES = [
  'Gwenllïan Ŵyn Prŷs',
  'Dŵr a Thân',
  'Màiri Dòmhnallach',
  'Łukasz Żółć',
  'Zoë',
  'Nguyễn Thị Ánh',
];

const order = anOrder({
  id: 'ord_0000000000000000unicode',
  reference: 'SN-UNICODE1',
  status: 'published',
  type: 'probate',
  quotedPriceGbpPence: 12000,
  noticeText: `HYSBYSIAD I GREDYDWYR AC ERAILL\n\n${NAMES.join(', ')}.\n\nNOTICE TO CREDITORS AND OTHERS`,
  newspaperName: 'Cambrian News',
  gazetteEdition: 'london',
  publicationDate: '2027-03-01',
  publishedAt: '2027-03-01T08:00:00.000Z',
  pricing: {
    subtotalGbpPence: 0,
    platformFeeGbpPence: 0,
    gazetteFeeGbpPence: 0,
    vatGbpPence: 0,
    totalGbpPence: 0,
  },
});

/** Extracted text wraps at column width: compare with line breaks and hyphenation joins as spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('documents print names exactly as written', () => {
  it.each(['Helvetica', 'Helvetica-Bold', 'Times-Roman', 'Times-Bold'])('in %s', async (font) => {
    const pdf = await renderPdf((doc) => doc.font(font).text(NAMES.join(', ')), {
      title: 'Faces',
      document: 'proof',
    });
    expect(flat(await pdfText(pdf))).toContain(NAMES.join(', '));
  });

  it.each([
    ['proof', () => renderProof(order, 2)],
    ['certificate', () => renderCertificate(order, certificateFacts())],
  ])('%s', async (_name, render) => {
    const text = flat(await pdfText(await render()));
    for (const name of NAMES) expect(text).toContain(name);
  });
});

/** What changes from one rendering of a document to the next: its creation time and its random file id. */
const withoutDateAndId = (pdf: Buffer) =>
  pdf
    .toString('latin1')
    .replace(/\(D:\d+Z\)/g, '(D)')
    .replace(/<xmp:CreateDate>[^<]*</g, '<xmp:CreateDate><')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '');

/** The faces are parsed once per thread and shared by every document set on it. */
describe('documents set one after another on one thread', () => {
  it('are the same document each time, whatever was set in between', async () => {
    const first = await renderProof(order, 2);
    await renderCertificate(
      { ...order, noticeText: 'Ŵ'.repeat(500) + ' Ελληνικά Кириллица' },
      certificateFacts(),
    );
    await renderPdf((doc) => doc.font('Times-Bold').text('Đ ơ ư ả ẫ'), { title: 'Other', document: 'proof' });
    const again = await renderProof(order, 2);
    expect(withoutDateAndId(again)).toBe(withoutDateAndId(first));
    expect(flat(await pdfText(again))).toContain(NAMES.join(', '));
  });
});

/** What the worker's activities call: the same documents, typeset on a render thread off the event loop. */
describe('documents rendered on a render thread', () => {
  afterAll(() => closeRenderPool());
  it.each([
    ['proof', () => renderDocument({ document: 'proof', order, columns: 2 }), NAMES],
    [
      'certificate',
      async () =>
        renderDocument({
          document: 'certificate',
          order,
          certificate: certificateFacts(),
          signing: await testSigning(),
        }),
      NAMES,
    ],
    [
      'VAT invoice',
      async () =>
        renderDocument({
          document: 'vat_invoice',
          order,
          invoice: {
            documentId: 'doc_0000000000000000unicod',
            number: 'INV-000001',
            issuedAt: new Date('2027-03-02T09:30:00Z'),
            taxPoint: '2027-03-02',
            supplier: TEST_ISSUER,
            customer: { name: 'Cwmni Dŵr Cyf', address: ['Heol y Bont', 'Aberystwyth', 'SY23 1AA'] },
            lines: [{ description: `Notice for ${NAMES[0]}`, netGbpPence: 0 }],
            amounts: { netGbpPence: 0, vatGbpPence: 0, grossGbpPence: 0 },
            rateBasisPoints: 2000,
            verifyUrl: 'https://notices.example.com/verify/doc_0000000000000000unicod',
            payment: { state: 'paid', paidOn: '2027-03-02' },
          },
          signing: await testSigning(),
        }),
      ['INV-000001', 'Cwmni Dŵr Cyf', NAMES[0]],
    ],
  ])('%s', async (_name, render, expected) => {
    const pdf = await render();
    expect(Buffer.isBuffer(pdf)).toBe(true);
    const text = flat(await pdfText(pdf));
    for (const phrase of expected) expect(text).toContain(phrase);
  });
});

/** A queued job whose activity attempt is over (timed out, cancelled) is not rendered for nobody. */
describe('a render whose attempt is over', () => {
  afterAll(() => closeRenderPool());

  it('is refused before it starts when its signal has already aborted', async () => {
    const over = AbortSignal.abort();
    await expect(renderDocument({ document: 'proof', order, columns: 1 }, over)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('is dropped from the queue when its signal aborts while it waits, and the others render', async () => {
    const waiting = new AbortController();
    // More jobs than render threads: the last one waits in the queue behind the others.
    const signing = await testSigning();
    const ahead = Array.from({ length: 4 }, () =>
      renderDocument({ document: 'certificate', order, certificate: certificateFacts(), signing }),
    );
    const dropped = renderDocument({ document: 'proof', order, columns: 2 }, waiting.signal);
    waiting.abort();
    await expect(dropped).rejects.toMatchObject({ name: 'AbortError' });
    for (const pdf of await Promise.all(ahead)) expect(Buffer.isBuffer(pdf)).toBe(true);
  });
});

/** Linux keeps a niceness per thread: the render thread yields the cores to the event loop it serves. */
const threadNiceness = () =>
  readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

(process.platform === 'linux' ? describe : describe.skip)('render threads run at a lower priority', () => {
  afterAll(() => closeRenderPool());

  it('a render thread is niced while the main thread is not', async () => {
    await renderDocument({ document: 'proof', order, columns: 1 });
    const base = getPriority();
    expect(threadNiceness()).toContain(Math.min(19, base + RENDER_THREAD_NICENESS));
    expect(getPriority()).toBe(base);
  });
});
