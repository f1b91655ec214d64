// eslint-disable-next-line jest/no-export -- a shared declaration of table tests, titled by its callers
export function eachCaseGives<I, O>(title: string, compute: (input: I) => O, cases: Array<[I, O]>): void {
  // eslint-disable-next-line jest/valid-title -- the caller's literal title, with `%s` for input and expected
  it.each(cases)(title, (input, expected) => {
    expect(compute(input)).toBe(expected);
  });
}
