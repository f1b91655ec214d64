import { html, time } from '../../../src/web/html';
import { actorLabel, OPERATOR } from '../../../src/settings/services/actor';

describe('the console html template', () => {
  test('escapes every interpolated value', () => {
    const name = `<script>alert("x")</script>&'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;</p>',
    );
  });

  test('keeps nested html, joins lists and drops empty values', () => {
    const t = html; // another name: formatters re-indent templates tagged `html`
    const items = ['a<b', 'c'].map((i) => t`<li>${i}</li>`);
    expect(t`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
  });

  test('times are machine-readable and shown in UK time', () => {
    const t = time(new Date('2026-07-01T12:00:00Z')).value;
    expect(t).toContain('datetime="2026-07-01T12:00:00.000Z"');
    expect(t).toContain('13:00:00');
    expect(time(null, 'Never').value).toBe('Never');
  });
});

describe('settings actors', () => {
  test('the audit log names the member or the operator', () => {
    expect(actorLabel(OPERATOR)).toBe('operator (CLI)');
    expect(actorLabel({ kind: 'member', memberId: 'mem_1', email: 'a@b.example' })).toBe(
      'member:mem_1 (a@b.example)',
    );
  });
});
