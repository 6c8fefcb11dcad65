import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

// Only the parts the reports draw (bars, lines, their scales, legend and tooltip): Chart.js is tree-shaken,
// and this whole module is a chunk of its own, loaded when the reports view first draws a chart.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);
// The staff app's dark theme (shared-ui/src/theme.css).
Chart.defaults.color = '#bdbdbd';
Chart.defaults.borderColor = '#2e2e2e';
Chart.defaults.font.family = "'Helvetica Neue', Helvetica, Arial, 'Noto Sans', 'Liberation Sans', sans-serif";
Chart.defaults.maintainAspectRatio = false;
Chart.defaults.animation = false;

export { Chart };
