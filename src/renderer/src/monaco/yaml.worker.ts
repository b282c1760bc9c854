// Re-exported so Vite bundles it as a worker (monaco-yaml README, "Why doesn't it work with Vite?").
import 'monaco-yaml/yaml.worker.js';
