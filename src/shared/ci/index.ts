/** Reports of a validation for CI systems: SARIF 2.1.0, JUnit XML and GitHub workflow commands. */
export { pathToUri, toSarif } from './sarif';
export type { ToolInfo } from './sarif';
export { escapeXml, toJunit } from './junit';
export { escapeData, escapeProperty, toGithubCommand } from './github';
