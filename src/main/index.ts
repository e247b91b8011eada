// Electron main process entry (out/main/index.js, package.json "main"). Everything happens in runDesktopApp.
import { runDesktopApp } from './lifecycle.js';

runDesktopApp();
