import { type Command, InvalidArgumentError } from 'commander';
import { listIncidents } from '../db/incidents.repository';
import { HISTORY_DAYS } from '../status/status.service';
import { COMPONENTS, type Component } from '../status/components';
import { openIncident, resolveIncident, updateIncident, type IncidentDeps } from '../status/incidents';
import { commaList, oneOf, withMailer, type Act, type Cli } from './output';

const componentList = (value: string) => [
  ...new Set(commaList(value, 'component').map(oneOf(COMPONENTS, 'each component'))),
];

const text = (what: string) => (value: string) => {
  if (!value.trim()) throw new InvalidArgumentError(`${what} must not be empty.`);
  return value.trim();
};

/**
 * `notices incident …`: opening and resolving an incident that affects order processing e-mails the organisations
 * with orders in flight before the command returns (the output lists each e-mail's outcome).
 */
export function registerIncidentCommands(program: Command, act: Act): void {
  const withDeps = ({ db, config }: Cli, fn: (deps: IncidentDeps) => Promise<unknown>) =>
    withMailer(config, (mailer) => fn({ config, db, mailer }));

  const incident = program.command('incident').description('Incidents shown on the public status page.');
  incident
    .command('open')
    .requiredOption('--title <title>', 'short title', text('--title'))
    .requiredOption('--components <list>', `comma-separated: ${COMPONENTS.join(',')}`, componentList)
    .requiredOption('--message <message>', 'what visitors and affected organisations read', text('--message'))
    .action(
      act((cli, opts: { title: string; components: Component[]; message: string }) =>
        withDeps(cli, (deps) => openIncident(deps, opts)),
      ),
    );
  // An update and the resolution are both a message posted to an open incident.
  for (const [name, what, post] of [
    ['update', 'the update', updateIncident],
    ['resolve', 'the resolution', resolveIncident],
  ] as const) {
    incident
      .command(name)
      .argument('<incidentId>')
      .requiredOption('--message <message>', what, text('--message'))
      .action(
        act((cli, id: string, opts: { message: string }) =>
          withDeps(cli, (deps) => post(deps, id, opts.message)),
        ),
      );
  }
  incident
    .command('list')
    .description(`Open incidents and those of the last ${HISTORY_DAYS} days.`)
    .action(act(({ db }) => listIncidents(db, { since: new Date(Date.now() - HISTORY_DAYS * 86_400_000) })));
}
