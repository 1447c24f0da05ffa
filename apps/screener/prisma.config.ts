import { prismaCliConfig } from '../../tools/prisma/cli-config';

export default prismaCliConfig('postgresql://postgres@127.0.0.1:5432/toll_screener');
