// batch/v1's types as Go structs (see ../go-structs.ts): Job, which runs pods until enough of
// them succeed, and CronJob, which makes Jobs on a schedule. Field numbers and tags are
// Kubernetes' (k8s.io/api batch/v1); descriptions are our own.
import type { GoPackage } from '../go-structs.ts';

export const batchPackage: GoPackage = {
  prefix: 'io.orch.api.batch.v1',
  goPackage: 'v1',
  structs: {
    Job: {
      doc: 'Job runs pods from a template until a number of them have finished successfully.',
      kind: { group: 'batch', version: 'v1', kind: 'Job' },
      listDoc: 'A list of jobs.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'JobSpec', 'What the job runs and how.'],
        ['status,omitempty', 3, 'JobStatus', 'What the job has done so far; written by the job controller through /status.'],
      ],
    },
    PodFailurePolicyOnExitCodesRequirement: {
      doc: 'A rule on the exit codes of a failed pod\'s containers.',
      fields: [
        ['*containerName', 1, 'string', 'Only this container (or init container) of the template is looked at; unset looks at all of them.', { optional: true }],
        ['operator', 2, 'string:PodFailurePolicyOnExitCodesOperator', 'In: some exit code is one of the values. NotIn: some exit code is none of them. Exit code 0 is never looked at.', { enum: ['In', 'NotIn'] }],
        ['values', 3, '[]int32', 'The exit codes compared with, in increasing order without duplicates, 1 to 255 of them; 0 is not allowed with In.', { listType: 'set' }],
      ],
    },
    PodFailurePolicyOnPodConditionsPattern: {
      doc: 'A pod condition a failed pod must have.',
      fields: [
        ['type', 1, 'string:PodConditionType', 'The condition type.'],
        ['status', 2, 'string:ConditionStatus', 'The condition status it must have; defaults to True.'],
      ],
    },
    PodFailurePolicyRule: {
      doc: 'What to do with a failed pod that meets a requirement; exactly one of onExitCodes and onPodConditions is set.',
      fields: [
        ['action', 1, 'string:PodFailurePolicyAction', 'FailJob fails the whole job; FailIndex fails the pod\'s index (needs backoffLimitPerIndex); Ignore does not count the failure against the backoff limit; Count counts it as usual.', { enum: ['Count', 'FailIndex', 'FailJob', 'Ignore'] }],
        ['*onExitCodes', 2, 'PodFailurePolicyOnExitCodesRequirement', 'A requirement on the containers\' exit codes.', { optional: true }],
        ['onPodConditions', 3, '[]PodFailurePolicyOnPodConditionsPattern', 'Conditions of which the pod must have at least one; at most 20.', { listType: 'atomic', optional: true }],
      ],
    },
    PodFailurePolicy: {
      doc: 'How failed pods count against the job\'s backoff limit.',
      fields: [['rules', 1, '[]PodFailurePolicyRule', 'Rules tried in order, the first match deciding; a failure no rule matches counts as usual. At most 20.', { listType: 'atomic' }]],
    },
    SuccessPolicy: {
      doc: 'When an Indexed job counts as succeeded before all its completions are done.',
      fields: [['rules', 1, '[]SuccessPolicyRule', 'Rules of which any one, once met, makes the job succeed (SuccessCriteriaMet, then Complete); 1 to 20 of them.', { listType: 'atomic' }]],
    },
    SuccessPolicyRule: {
      doc: 'A set of indexes and how many of them must have succeeded; at least one of the two is set.',
      fields: [
        ['*succeededIndexes,omitempty', 1, 'string', 'Indexes, as comma-separated numbers and ranges ("1,3-5,7") below spec.completions, that must all have succeeded.'],
        ['*succeededCount,omitempty', 2, 'int32', 'How many indexes (of succeededIndexes when set) must have succeeded; not more than spec.completions.'],
      ],
    },
    JobSpec: {
      doc: 'What a job runs and how many times.',
      fields: [
        ['*parallelism,omitempty', 1, 'int32', 'The most pods the job runs at once; defaults to 1. May change while the job runs.'],
        ['*completions,omitempty', 2, 'int32', 'How many pods must succeed; unset means any one success finishes the job. Defaults to 1 when parallelism is unset too.'],
        ['*activeDeadlineSeconds,omitempty', 3, 'int64', 'Seconds from the job\'s start after which it is stopped and failed; the clock stops while the job is suspended.'],
        ['*podFailurePolicy,omitempty', 11, 'PodFailurePolicy', 'How failed pods are counted, by exit code or pod condition; needs restartPolicy Never.'],
        ['*successPolicy,omitempty', 16, 'SuccessPolicy', 'When an Indexed job succeeds early; fixed once set.'],
        ['*backoffLimit,omitempty', 7, 'int32', 'How many failures the job tolerates before it fails; defaults to 6.'],
        ['*backoffLimitPerIndex,omitempty', 12, 'int32', 'How many failures each index of an Indexed job tolerates before that index fails; needs restartPolicy Never. Fixed once set.'],
        ['*maxFailedIndexes,omitempty', 13, 'int32', 'How many indexes may fail before the whole job fails; needs backoffLimitPerIndex.'],
        ['*selector,omitempty', 4, 'meta.LabelSelector', 'The pods the job counts; generated from the job\'s uid unless manualSelector is true. Fixed once set.'],
        ['*manualSelector,omitempty', 5, 'bool', 'True when the selector and the template\'s labels are chosen by hand instead of generated; defaults to false.'],
        ['template', 6, 'core.PodTemplateSpec', 'The pods the job runs; their restartPolicy must be OnFailure or Never.'],
        ['*ttlSecondsAfterFinished,omitempty', 8, 'int32', 'Seconds after the job finishes at which it may be deleted; unset keeps it.'],
        ['*completionMode,omitempty', 9, 'string:CompletionMode', 'NonIndexed (the default): any completions successes finish the job. Indexed: each index from 0 to completions-1 must succeed once.', { enum: ['Indexed', 'NonIndexed'] }],
        ['*suspend,omitempty', 10, 'bool', 'True stops the job from running pods (and stops those running); defaults to false.'],
        ['*podReplacementPolicy,omitempty', 14, 'string:PodReplacementPolicy', 'When a replacement pod is started: TerminatingOrFailed (the default) as soon as the old one is terminating, Failed only once it has failed. Must be Failed with a podFailurePolicy.', { enum: ['Failed', 'TerminatingOrFailed'] }],
        ['*managedBy,omitempty', 15, 'string', 'The controller that runs the job, as a domain-prefixed path of at most 63 characters; unset or orch.io/job-controller is the built-in one. Fixed once set.'],
      ],
    },
    JobStatus: {
      doc: 'What a job has done so far.',
      fields: [
        ['conditions,omitempty', 1, '[]JobCondition', 'The job\'s conditions: Suspended, Complete, Failed, FailureTarget, SuccessCriteriaMet.', { listType: 'atomic', patchStrategy: 'merge', patchMergeKey: 'type' }],
        ['*startTime,omitempty', 2, 'meta.Time', 'When the job started running (again, after a suspension).'],
        ['*completionTime,omitempty', 3, 'meta.Time', 'When the job succeeded; set only then, and never changed.'],
        ['active,omitempty', 4, 'int32', 'Pods pending or running and not terminating.'],
        ['succeeded,omitempty', 5, 'int32', 'Pods that succeeded.'],
        ['failed,omitempty', 6, 'int32', 'Pods that failed.'],
        ['*terminating,omitempty', 11, 'int32', 'Pods pending or running that are being deleted.'],
        ['completedIndexes,omitempty', 7, 'string', 'For an Indexed job, the indexes that succeeded, as comma-separated numbers and ranges ("1,3-5,7").'],
        ['*failedIndexes,omitempty', 10, 'string', 'With backoffLimitPerIndex, the indexes that failed, in the same form as completedIndexes.'],
        ['*uncountedTerminatedPods,omitempty', 8, 'UncountedTerminatedPods', 'Pods that finished and are not counted in succeeded or failed yet.'],
        ['*ready,omitempty', 9, 'int32', 'Pods whose Ready condition is true.'],
      ],
    },
    UncountedTerminatedPods: {
      doc: 'The uids of finished pods the job controller has not counted yet.',
      fields: [
        ['succeeded,omitempty', 1, '[]string', 'Uids of pods that succeeded.', { listType: 'set' }],
        ['failed,omitempty', 2, '[]string', 'Uids of pods that failed.', { listType: 'set' }],
      ],
    },
    JobCondition: {
      doc: 'One condition of a job.',
      fields: [
        ['type', 1, 'string:JobConditionType', 'The condition: Suspended, Complete, Failed, FailureTarget or SuccessCriteriaMet.'],
        ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
        ['lastProbeTime,omitempty', 3, 'meta.Time', 'When the condition was last checked.'],
        ['lastTransitionTime,omitempty', 4, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 5, 'string', 'A one-word reason for the last change.'],
        ['message,omitempty', 6, 'string', 'A sentence about the last change.'],
      ],
    },
    JobTemplateSpec: {
      doc: 'The jobs a cron job makes.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Metadata the jobs get.'],
        ['spec,omitempty', 2, 'JobSpec', 'The jobs\' spec; its selector is always generated.'],
      ],
    },
    CronJob: {
      doc: 'CronJob makes a Job from a template at each time its schedule names.',
      kind: { group: 'batch', version: 'v1', kind: 'CronJob' },
      listDoc: 'A list of cron jobs.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec,omitempty', 2, 'CronJobSpec', 'The schedule and the jobs made on it.'],
        ['status,omitempty', 3, 'CronJobStatus', 'The jobs running and when one was last made; written through /status.'],
      ],
    },
    CronJobSpec: {
      doc: 'When a cron job makes jobs, and which.',
      fields: [
        ['schedule', 1, 'string', 'The schedule in cron form: five fields (minute hour day-of-month month day-of-week) or a descriptor such as @hourly or @every 1h30m.'],
        ['*timeZone,omitempty', 8, 'string', 'The IANA time zone the schedule is read in (e.g. Europe/Paris); unset uses the controller manager\'s own.'],
        ['*startingDeadlineSeconds,omitempty', 2, 'int64', 'Seconds after a scheduled time within which a missed job may still start; later it counts as missed.'],
        ['concurrencyPolicy,omitempty', 3, 'string:ConcurrencyPolicy', 'What happens when a job is due while another still runs: Allow (the default) runs both, Forbid skips the new one, Replace stops the old one.', { enum: ['Allow', 'Forbid', 'Replace'] }],
        ['*suspend,omitempty', 4, 'bool', 'True stops the cron job from making new jobs; jobs already running go on. Defaults to false.'],
        ['jobTemplate', 5, 'JobTemplateSpec', 'The jobs made.'],
        ['*successfulJobsHistoryLimit,omitempty', 6, 'int32', 'How many succeeded jobs are kept; defaults to 3.'],
        ['*failedJobsHistoryLimit,omitempty', 7, 'int32', 'How many failed jobs are kept; defaults to 1.'],
      ],
    },
    CronJobStatus: {
      doc: 'The jobs of a cron job that run, and when it last made and finished one.',
      fields: [
        ['active,omitempty', 1, '[]core.ObjectReference', 'The jobs running now.', { listType: 'atomic' }],
        ['*lastScheduleTime,omitempty', 4, 'meta.Time', 'When a job was last made.'],
        ['*lastSuccessfulTime,omitempty', 5, 'meta.Time', 'When a job last succeeded.'],
      ],
    },
  },
};
