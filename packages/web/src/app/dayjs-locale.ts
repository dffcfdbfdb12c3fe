/** dayjs speaks Chinese in the console (date pickers, relative times); the login page needs no dates. */
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

dayjs.locale('zh-cn');
