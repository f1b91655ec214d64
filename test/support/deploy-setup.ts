import { requireDeployTools } from './deploy-tools';

/** The deploy project's setup: helm, kubeconform, promtool and compose-config, built once when missing. */
export default async function deploySetup(): Promise<void> {
  await requireDeployTools();
}
