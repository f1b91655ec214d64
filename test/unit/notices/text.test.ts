import { cleanAddress, cleanLine, nameText, placeText } from '../../../src/notices/text';

describe('text neutralisation', () => {
  it('collapses whitespace and newlines in single-line fields', () => {
    expect(cleanLine('  Acme \n\n  Haulage\tLtd  ')).toBe('Acme Haulage Ltd');
  });
  it('removes markup tags and keeps other angle brackets as typed', () => {
    expect(cleanLine('<b>Acme</b> <a href="x">Ltd</a> 1 < 2 > 0')).toBe('Acme Ltd 1 < 2 > 0');
    expect(cleanLine('Widgets <UK> LLP')).toBe('Widgets <UK> LLP');
    expect(nameText().parse('Widgets <UK> LLP')).toBe('Widgets <UK> LLP');
    expect(cleanLine('<Ltd> <SCRIPT>x</SCRIPT> <x-y z=1>w <svg:g> <?php ?> <!DOCTYPE html>')).toBe(
      '<Ltd> x w',
    );
  });
  it('refuses a "<" that opens markup and is never closed, rather than guess', () => {
    const message =
      'Must not contain a "<" that opens markup without closing it (such as "<UK" or "<!--"): close it ("<UK>"), put a space after the "<", or leave it out.';
    for (const raw of ['Widgets <UK LLP', 'a <img src=x onerror=alert(1)', 'a <!-- b', 'a </', 'a<b <c>']) {
      expect(
        nameText()
          .safeParse(raw)
          .error?.issues.map((i) => i.message),
      ).toEqual([message]);
    }
    for (const raw of ['1 < 2', 'a <2 b', '<< a >>', 'a > b']) expect(nameText().parse(raw)).toBe(raw);
  });
  it('strips control, zero-width and bidi-override characters', () => {
    expect(cleanLine('Ac\u0000me\u200b \u202eLtd\u0007\u007f\u0085x')).toBe('Acme Ltd x');
  });
  it('joins address lines with commas', () => {
    expect(cleanAddress('1 High St,\r\nLeeds\n\n  LS1 1AA  ')).toBe('1 High St, Leeds, LS1 1AA');
    expect(cleanAddress('1 High St\u2028Leeds')).toBe('1 High St, Leeds');
  });
  it('checks bounds after cleaning', () => {
    expect(nameText().safeParse(' \n\t ').success).toBe(false);
    expect(nameText().safeParse('<b></b>').success).toBe(false);
    expect(nameText().safeParse('a'.repeat(20) + ' '.repeat(300) + 'b').success).toBe(true);
    expect(nameText().safeParse('ab '.repeat(67)).success).toBe(true); // 200 characters after trimming
    expect(nameText().safeParse('ab '.repeat(68)).success).toBe(false);
    expect(nameText().safeParse('x'.repeat(61)).success).toBe(false);
  });

  it('allows a web address longer than 60 characters, bounded by the field, and no other long word', () => {
    const url = `https://planning.leeds.gov.uk/online-applications/applicationDetails.do?keyVal=${'Q'.repeat(120)}&activeTab=documents`;
    expect(placeText().parse(`Leeds City Council's website, ${url}`)).toBe(
      `Leeds City Council's website, ${url}`,
    );
    expect(placeText().parse(`www.leeds.gov.uk/${'a'.repeat(200)}`)).toBe(
      `www.leeds.gov.uk/${'a'.repeat(200)}`,
    );
    const words =
      'Must not contain words longer than 60 characters, except a web address (http://, https:// or www.).';
    for (const raw of [
      'x'.repeat(61),
      `https://${'x'.repeat(61)}`,
      `ftp://leeds.gov.uk/${'a'.repeat(60)}`,
      `http://[${'a'.repeat(60)}`,
    ]) {
      expect(
        placeText()
          .safeParse(raw)
          .error?.issues.map((i) => i.message),
      ).toEqual([words]);
    }
    expect(placeText().safeParse(`https://leeds.gov.uk/${'a'.repeat(480)}`).error?.issues[0]?.message).toBe(
      'Must be at most 500 characters.',
    );
  });
});
