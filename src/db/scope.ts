/** The organisation and mode a caller acts in: an order or event outside them is never found or listed. */
export interface Scope {
  organisationId: string;
  livemode: boolean;
}

/** The columns that confine a query to a scope: `.where((eb) => eb.and(inScope(scope)))`. */
export const inScope = (scope: Scope) => ({
  organisation_id: scope.organisationId,
  livemode: scope.livemode,
});
