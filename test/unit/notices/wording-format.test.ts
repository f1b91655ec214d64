import { bodyName, proposes } from '../../../src/notices/wording/format';
import { prepareNotice } from '../../../src/notices';
import { CTX, parsed } from './fixtures';

describe('body names in running English', () => {
  it.each([
    ['Secretary of State for Transport', 'the Secretary of State for Transport', 'proposes'],
    ['Welsh Ministers', 'the Welsh Ministers', 'propose'],
    ['Environment Agency', 'the Environment Agency', 'proposes'],
    ['Department for Transport', 'the Department for Transport', 'proposes'],
    ['The Secretary of State', 'The Secretary of State', 'proposes'],
    ['Leeds City Council', 'Leeds City Council', 'proposes'],
    ['Transport for London', 'Transport for London', 'proposes'],
    ['National Highways', 'National Highways', 'proposes'],
  ])('prints %s as "%s", which %s', (name, printed, verb) => {
    expect(bodyName(name)).toBe(printed);
    expect(proposes(name)).toBe(verb);
  });
});

describe('the article in the notices themselves', () => {
  it('writes "that the Secretary of State for Transport proposes" in a traffic order', () => {
    const order = parsed('tro', { authority: 'Secretary of State for Transport' });
    expect(prepareNotice(order, CTX).noticeText).toContain(
      'Notice is hereby given that the Secretary of State for Transport proposes to make the above Order',
    );
  });

  it('writes "the Welsh Ministers propose" for a trunk road order in Wales', () => {
    const order = parsed('tro', {
      authority: 'Welsh Ministers',
      postcode: 'CF10 4UW',
      locusPostcode: 'CF10 4UW',
    });
    expect(prepareNotice(order, CTX).noticeText).toContain('that the Welsh Ministers propose to make');
  });
});
