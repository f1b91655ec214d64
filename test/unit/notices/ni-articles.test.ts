import { parseOrderInput, prepareNotice, type Nation, type NoticeType } from '../../../src/notices';
import { withArticle } from '../../../src/notices/wording/article';
import { CTX } from './fixtures';
import { validCell } from './nation-fixtures';
import { eachCaseGives } from '../../support/cases';

/** Bodies named inside a sentence take their article: "…that the Department for Infrastructure proposes…". */
const text = (type: NoticeType, nation: Nation, overrides: Record<string, unknown>) =>
  prepareNotice(parseOrderInput({ ...validCell(type, nation), ...overrides }, CTX), CTX).noticeText;

describe('articles before the bodies that take one', () => {
  eachCaseGives('%s → %s', withArticle, [
    ['Department for Infrastructure', 'the Department for Infrastructure'],
    ['The Department for Infrastructure', 'the Department for Infrastructure'],
    ['the Department for Infrastructure', 'the Department for Infrastructure'],
    ['Secretary of State for Transport', 'the Secretary of State for Transport'],
    ['Scottish Ministers', 'the Scottish Ministers'],
    ['Belfast City Council', 'Belfast City Council'],
    ['The City of Edinburgh Council', 'The City of Edinburgh Council'],
    ['Departmental Holdings Ltd', 'Departmental Holdings Ltd'],
  ]);

  it.each(['Department for Infrastructure', 'The Department for Infrastructure'])(
    'Northern Ireland TRO and road orders by %s',
    (authority) => {
      expect(text('tro', 'northern_ireland', { authority })).toContain(
        'Notice is hereby given that the Department for Infrastructure proposes to make the above Order.',
      );
      const roads = text('highways', 'northern_ireland', { authority });
      expect(roads).toContain(
        'Notice is hereby given that the Department for Infrastructure proposes to make the above Order under Article 68',
      );
      expect(roads).toContain('inform the Department for Infrastructure of the grounds');
      expect(roads).toMatch(/^DEPARTMENT FOR INFRASTRUCTURE\n|^THE DEPARTMENT FOR INFRASTRUCTURE\n/);
    },
  );

  it('a Northern Ireland planning application decided by the Department', () => {
    const notice = text('planning', 'northern_ireland', {
      planningAuthority: 'Department for Infrastructure',
      planningAuthorityAddress: 'James House, 2-4 Cromac Avenue, Belfast, BT7 2JA',
    });
    expect(notice).toContain('has been made to the Department for Infrastructure by Harbour Homes Ltd for:');
    expect(notice).toContain('should write to the Department for Infrastructure at James House');
  });

  it('a council keeps its own name', () => {
    expect(text('public_path', 'northern_ireland', {})).toContain('confirmed by Belfast City Council.');
  });
});
