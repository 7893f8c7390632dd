// apiequality.Semantic.DeepEqual, which the apps strategies use to decide whether a spec changed;
// it lives in machinery so that controllers compare templates the same way.
export { semanticEqual } from '../../../../machinery/equality/semantic.ts';
