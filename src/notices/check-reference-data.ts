// Every module that declares a data file, so that the check sees all of them whatever was imported before.
import './copy-deadlines';
import './directory';
import './gazettes';
import './nations';
import './postcodes';
import './reference-data';
import './wording/welsh/format';

export { checkReferenceData, declaredReferenceData } from './data/reference';
