{{- define "notices.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}{{ .Release.Name | trunc 63 | trimSuffix "-" }}{{- else -}}{{ printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" }}{{- end -}}
{{- end -}}

{{- define "notices.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The worker Deployments: the live queue's, and the test-mode queue's when it has pods of its own. */}}
{{- define "notices.workerComponents" -}}
{{- if .Values.testModeWorker.enabled -}}["worker","worker-test-mode"]{{- else -}}["worker"]{{- end -}}
{{- end -}}

{{/* The key of a component's values (worker-test-mode: testModeWorker). */}}
{{- define "notices.valuesKey" -}}
{{- if eq . "worker-test-mode" -}}testModeWorker{{- else -}}{{ . }}{{- end -}}
{{- end -}}

{{/* WORKER_MODES of a worker component: live only beside test-mode pods, else both. */}}
{{- define "notices.workerModes" -}}
{{- if eq .component "worker-test-mode" -}}test{{- else if .root.Values.testModeWorker.enabled -}}live{{- else -}}live,test{{- end -}}
{{- end -}}

{{/* Selector labels of one component: api, worker, worker-test-mode or migration. */}}
{{- define "notices.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "notices.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* Configuration and secrets, the same for the API, the worker and the migration. */}}
{{- define "notices.envFrom" -}}
- configMapRef:
    name: {{ include "notices.fullname" . }}
- secretRef:
    name: {{ .Values.secret.name }}
{{- end -}}

{{/* The client certificate for mTLS to Temporal, mounted where TEMPORAL_TLS_*_PATH point. */}}
{{- define "notices.temporalTlsVolume" -}}
{{- if .Values.temporal.tls.enabled }}
- name: temporal-tls
  secret:
    secretName: {{ .Values.temporal.tls.secretName }}
{{- end }}
- name: tmp
  emptyDir: {}
{{- end -}}

{{- define "notices.temporalTlsMount" -}}
{{- if .Values.temporal.tls.enabled }}
- name: temporal-tls
  mountPath: /etc/temporal-tls
  readOnly: true
{{- end }}
- name: tmp
  mountPath: /tmp
{{- end -}}

{{- define "notices.podSpecCommon" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Pods restart when the configuration changes. */}}
{{- define "notices.configChecksum" -}}
checksum/config: {{ include (print $.Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- end -}}

{{/* Spread replicas over nodes and zones, so losing one node costs at most one replica of each. */}}
{{- define "notices.spread" -}}
topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "notices.selector" . | nindent 8 }}
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "notices.selector" . | nindent 8 }}
{{- end -}}

{{- define "notices.egressTo" -}}
{{- /* Egress to the given CIDRs on a port, or to anything on that port when no CIDR is given. */ -}}
- ports:
    - { protocol: TCP, port: {{ .port }} }
  {{- with .cidrs }}
  to:
    {{- range . }}
    - ipBlock: { cidr: {{ . }} }
    {{- end }}
  {{- end }}
{{- end -}}
